// Gauges read at scrape time from what one app uses: its database pool, the outbox in its database, the WhatsApp and
// SMS messages, its backup folder, its upload spool.
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

interface PhoneCount {
  channel: string;
  state: string;
  n: string;
  cost: string;
}

/** WhatsApp and SMS messages by channel and state, and what the ones that went cost (the provider's figure, else the configured price). */
async function phoneMessages(db: Knex, prices: Record<string, number>): Promise<PhoneCount[]> {
  const { rows } = await db.raw<{ rows: PhoneCount[] }>(
    `SELECT channel, state, count(*) AS n,
            coalesce(sum(coalesce(cost, CASE WHEN state IN ('sent', 'delivered', 'read', 'failed') AND provider_id IS NOT NULL
                                             THEN (?::jsonb ->> channel)::numeric END)), 0) AS cost
       FROM channel_messages GROUP BY channel, state`,
    [JSON.stringify(prices)],
  );
  return rows;
}

export function appRegistry(db: Knex, folders: { backupDir: string; uploadDir: string; prices?: Record<string, number> }): Registry {
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
  let phone: ReturnType<typeof phoneMessages> | undefined;
  const phoneCounts = () => {
    phone ??= phoneMessages(db, folders.prices ?? {}).finally(() => setImmediate(() => (phone = undefined)));
    return phone;
  };
  new Gauge({
    name: "phone_messages",
    help: "Messages sent on WhatsApp and SMS, by channel and state (queued, sent, delivered, read, failed, not_sent).",
    labelNames: ["channel", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await phoneCounts()) this.set({ channel: r.channel, state: r.state }, Number(r.n));
    },
  });
  new Gauge({
    name: "phone_messages_cost_naira",
    help: "What the WhatsApp and SMS messages that went cost, in Naira: the provider's reported cost, else the configured price per message.",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const byChannel = new Map<string, number>();
      for (const r of await phoneCounts()) byChannel.set(r.channel, (byChannel.get(r.channel) ?? 0) + Number(r.cost));
      for (const [channel, cost] of byChannel) this.set({ channel }, cost);
    },
  });
  return registry;
}
