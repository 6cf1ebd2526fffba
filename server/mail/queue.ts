// The job queue under the outbox: graphile-worker's tables in the same PostgreSQL, so a job is queued in the
// transaction of the change that causes it.

import { runMigrations } from "graphile-worker";
import type { Knex } from "knex";
import { addJob } from "../models/jobs.ts";

export const SEND_TASK = "send_email";

/** Creates or upgrades the graphile_worker schema (idempotent; run with the application's migrations). */
export async function installQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: undefined });
}

/** The key of a message's delivery job. */
export const sendJobKey = (messageId: string) => `email:${messageId}`;

/**
 * Queues delivery of one recorded message (at `runAt`, or now); the job_key makes a second request for the same
 * message replace it.
 */
export function addSendJob(trx: Knex | Knex.Transaction, messageId: string, maxAttempts: number, runAt?: Date): Promise<void> {
  return addJob(trx, SEND_TASK, { messageId }, { maxAttempts, jobKey: sendJobKey(messageId), runAt });
}
