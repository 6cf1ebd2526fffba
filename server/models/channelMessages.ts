// The WhatsApp and SMS messages the site sent (channel_messages), as the Outbox page lists the failed ones, and staff's
// Retry of one.
import type { Knex } from "knex";
import type { Channel } from "../domain/channels.ts";
import { addJob } from "./jobs.ts";

export interface ChannelMessageRow {
  id: string;
  channel: Channel;
  kind: string;
  user_id: string | null;
  application_id: string | null;
  to_phone: string;
  state: string;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The failed ones, newest first (the index on created_at). */
export function failedPhoneMessages(db: Knex, limit = 200): Promise<ChannelMessageRow[]> {
  return db("channel_messages")
    .where({ state: "failed" })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id" }])
    .limit(limit)
    .select("id", "channel", "kind", "user_id", "application_id", "to_phone", "state", "error", "created_at", "updated_at");
}

/**
 * A failed message back to the queue with a fresh set of attempts, in the caller's transaction: false when no failed
 * message has this id. The send job checks the consent again, so a client who has since ended the channel gets nothing.
 */
export async function requeuePhoneMessage(trx: Knex.Transaction, id: string, task: string): Promise<boolean> {
  const changed = await trx("channel_messages")
    .where({ id, state: "failed" })
    .update({ state: "queued", error: null, provider_id: null, not_before: null, updated_at: trx.fn.now() });
  if (changed === 0) return false;
  await addJob(trx, task, { id }, { maxAttempts: 5, jobKey: `phone:${id}` });
  return true;
}
