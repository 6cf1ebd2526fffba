// The job queue under the outbox: graphile-worker's tables in the same PostgreSQL, so a job is queued in the
// transaction of the change that causes it.

import { runMigrations } from "graphile-worker";
import type { Knex } from "knex";

export const SEND_TASK = "send_email";

/** Creates or upgrades the graphile_worker schema (idempotent; run with the application's migrations). */
export async function installQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: undefined });
}

/** Queues delivery of one recorded message; the job_key makes a second request for the same message replace it. */
export async function addSendJob(trx: Knex | Knex.Transaction, messageId: string, maxAttempts: number): Promise<void> {
  await trx.raw("SELECT graphile_worker.add_job(?, json_build_object('messageId', ?::text), max_attempts := ?, job_key := ?)", [
    SEND_TASK,
    messageId,
    maxAttempts,
    `email:${messageId}`,
  ]);
}
