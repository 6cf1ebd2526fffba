// Gauges read at scrape time from what one app uses: its database pool, the outbox in its database, its backup folder,
// its upload spool.
import type { Knex } from "knex";
import { Gauge, Registry } from "prom-client";
import { newestBackup } from "../cli/backupFolder.ts";
import { outboxHealth } from "../models/emailMessages.ts";
import { spoolUsage } from "../storage/resumable.ts";

/** The part of tarn's pool (knex's) that says how it is used. */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export function appRegistry(db: Knex, folders: { backupDir: string; uploadDir: string }): Registry {
  const registry = new Registry();
  const pool = () => (db.client as { pool?: PoolCounts }).pool;
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections of the pool, by state (used, free).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const p = pool();
      this.set({ state: "used" }, p?.numUsed() ?? 0);
      this.set({ state: "free" }, p?.numFree() ?? 0);
    },
  });
  new Gauge({
    name: "db_pool_pending_acquires",
    help: "Requests waiting for a free database connection.",
    registers: [registry],
    collect() {
      this.set(pool()?.numPendingAcquires() ?? 0);
    },
  });
  // One query for the three outbox gauges, shared by their collect() calls of the same scrape.
  let health: ReturnType<typeof outboxHealth> | undefined;
  const outbox = () => {
    health ??= outboxHealth(db).finally(() => setImmediate(() => (health = undefined)));
    return health;
  };
  new Gauge({
    name: "outbox_messages",
    help: "Messages in the outbox by status: waiting (queued, retries included), retrying (queued after a failed attempt), failed (given up).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const h = await outbox();
      this.set({ status: "waiting" }, h.waiting);
      this.set({ status: "retrying" }, h.retrying);
      this.set({ status: "failed" }, h.failed);
    },
  });
  new Gauge({
    name: "outbox_oldest_waiting_age_seconds",
    help: "Age of the oldest message waiting in the outbox (0 when none waits).",
    registers: [registry],
    async collect() {
      this.set((await outbox()).oldestWaitingSeconds);
    },
  });
  new Gauge({
    name: "backup_last_success_timestamp_seconds",
    help: "When the newest archive in BACKUP_DIR was made (Unix time, from its name); 0 when there is none.",
    registers: [registry],
    collect() {
      const newest = newestBackup(folders.backupDir);
      this.set(newest ? newest.at.getTime() / 1000 : 0);
    },
  });
  // One read of the spool for its two gauges, shared as the outbox's query is.
  let spool: ReturnType<typeof spoolUsage> | undefined;
  const spooled = () => {
    spool ??= spoolUsage(folders).finally(() => setImmediate(() => (spool = undefined)));
    return spool;
  };
  new Gauge({
    name: "upload_spool_uploads",
    help: "Resumable uploads in progress, their bytes waiting in the upload folder's spool (.tmp/tus).",
    registers: [registry],
    async collect() {
      this.set((await spooled()).uploads);
    },
  });
  new Gauge({
    name: "upload_spool_bytes",
    help: "Bytes in the spool of resumable uploads in progress, on the upload folder's disk.",
    registers: [registry],
    async collect() {
      this.set((await spooled()).bytes);
    },
  });
  return registry;
}
