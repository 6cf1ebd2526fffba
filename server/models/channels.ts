// Consent to WhatsApp and SMS (rows only ever added: the latest per person and channel holds), and the WhatsApp
// messages received.
import type { Knex } from "knex";
import { CHANNELS, type Channel } from "../domain/channels.ts";

export interface ConsentRow {
  id: string;
  user_id: string;
  channel: Channel;
  phone: string;
  opted_in: boolean;
  words: string;
  source: "account" | "whatsapp_stop" | "sms_stop";
  created_at: Date;
}

/** Each channel's latest row for a person (absent: never chosen). */
export async function currentConsents(db: Knex | Knex.Transaction, userId: string): Promise<Partial<Record<Channel, ConsentRow>>> {
  const rows: ConsentRow[] = await db("channel_consents")
    .distinctOn("channel")
    .where({ user_id: userId })
    .whereIn("channel", [...CHANNELS])
    .orderBy([{ column: "channel" }, { column: "id", order: "desc" }])
    .select("*");
  return Object.fromEntries(rows.map((r) => [r.channel, r]));
}

export function addConsent(
  trx: Knex.Transaction,
  row: Pick<ConsentRow, "user_id" | "channel" | "phone" | "opted_in" | "words" | "source">,
): Promise<unknown> {
  return trx("channel_consents").insert(row);
}

/** People (accounts not deleted) whose latest consent to `channel` is an opt-in at `phone`. */
export async function optedInAt(db: Knex | Knex.Transaction, channel: Channel, phone: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { user_id: string }[] }>(
    `SELECT c.user_id FROM (
       SELECT DISTINCT ON (user_id) user_id, phone, opted_in FROM channel_consents
        WHERE channel = ? AND user_id IN (SELECT user_id FROM channel_consents WHERE channel = ? AND phone = ?)
        ORDER BY user_id, id DESC
     ) c JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
     WHERE c.opted_in AND c.phone = ?`,
    [channel, channel, phone, phone],
  );
  return rows.map((r) => r.user_id);
}

/** Accounts (not deleted) whose profile phone is `phone`. */
export function usersWithPhone(db: Knex | Knex.Transaction, phone: string): Promise<string[]> {
  return db("users").where({ phone }).whereNull("deleted_at").pluck("id");
}

export interface InboundRow {
  id: string;
  wamid: string;
  from_phone: string;
  profile_name: string | null;
  kind: string;
  body: string | null;
  sent_at: Date | null;
  received_at: Date;
  outcome: "conversation" | "inbox" | "stop";
  user_id: string | null;
  message_id: string | null;
}

/**
 * Records a received message once: false when its id was already recorded (Meta delivers again until answered 200).
 * A second delivery at the same moment waits on the unique index until the first commits, then records nothing.
 */
export async function recordInbound(
  trx: Knex.Transaction,
  row: Omit<InboundRow, "id" | "received_at" | "outcome" | "user_id" | "message_id">,
  media?: { id: string; mimeType: string | null; sha256: string | null; filename: string | null } | null,
): Promise<string | undefined> {
  // A photo's or a document's file waits for the job worker to fetch it.
  const file = media
    ? { media_id: media.id, media_claimed_mime: media.mimeType, media_sha256: media.sha256, media_filename: media.filename, media_state: "waiting" }
    : {};
  const inserted: { id: string }[] = await trx("whatsapp_inbound")
    .insert({ ...row, ...file, outcome: "inbox" })
    .onConflict("wamid")
    .ignore()
    .returning("id");
  return inserted[0]?.id;
}

export function settleInbound(trx: Knex.Transaction, id: string, set: Pick<InboundRow, "outcome" | "user_id" | "message_id">) {
  return trx("whatsapp_inbound").where({ id }).update(set);
}

/** The staff inbox: messages from a number matching no one, or several people, or with no open case; newest first. */
export function inboxMessages(db: Knex, limit = 200): Promise<InboundRow[]> {
  return db("whatsapp_inbound")
    .where({ outcome: "inbox" })
    .orderBy([{ column: "received_at", order: "desc" }, { column: "id" }])
    .limit(limit)
    .select("*");
}
