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
  source: ConsentSource;
  created_at: Date;
}

/** Where a consent row was given: My account, the sign-up form, a consultation's booking, or a STOP reply. */
export type ConsentSource = "account" | "signup" | "booking" | "whatsapp_stop" | "sms_stop";

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
  row: Pick<ConsentRow, "user_id" | "channel" | "phone" | "opted_in" | "words" | "source"> & Partial<Pick<ConsentRow, "created_at">>,
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

export interface BookingConsentRow {
  id: string;
  booking_id: string;
  channel: Channel;
  phone: string;
  words: string;
  created_at: Date;
  ended_at: Date | null;
  carried_at: Date | null;
}

/** The channels ticked on a booking form, each with the booking's number and the words shown. */
export async function addBookingConsents(
  trx: Knex.Transaction,
  bookingId: string,
  rows: Pick<BookingConsentRow, "channel" | "phone" | "words">[],
): Promise<BookingConsentRow[]> {
  if (!rows.length) return [];
  return trx("booking_consents")
    .insert(rows.map((r) => ({ ...r, booking_id: bookingId })))
    .returning("*");
}

/**
 * A STOP from `phone` on `channel` ends the choices given on bookings not yet carried to an account: they are never
 * carried afterwards. How many ended.
 */
export function endBookingConsents(trx: Knex.Transaction, channel: Channel, phone: string): Promise<number> {
  return trx("booking_consents").where({ channel, phone }).whereNull("ended_at").whereNull("carried_at").update({ ended_at: trx.fn.now() });
}

/**
 * The bookings' choices become the account's consent history (source "booking", dated when they were given), oldest
 * first, each once; a channel where the account's latest row is later than the booking's choice keeps the account's.
 * The channels carried as opt-ins.
 */
export async function carryBookingConsents(trx: Knex.Transaction, userId: string, bookingIds: string[]): Promise<Channel[]> {
  if (!bookingIds.length) return [];
  await trx.raw("SELECT pg_advisory_xact_lock(hashtext('channel_consents:' || ?))", [userId]);
  const pending: BookingConsentRow[] = await trx("booking_consents")
    .whereIn("booking_id", bookingIds)
    .whereNull("ended_at")
    .whereNull("carried_at")
    .orderBy("id")
    .forUpdate()
    .select("*");
  const carried: Channel[] = [];
  for (const row of pending) {
    const now = (await currentConsents(trx, userId))[row.channel];
    const accountIsLater = now !== undefined && new Date(now.created_at).getTime() > new Date(row.created_at).getTime();
    if (!accountIsLater && !(now?.opted_in && now.phone === row.phone)) {
      await addConsent(trx, {
        user_id: userId,
        channel: row.channel,
        phone: row.phone,
        opted_in: true,
        words: row.words,
        source: "booking",
        created_at: row.created_at,
      });
      if (!carried.includes(row.channel)) carried.push(row.channel);
    }
    await trx("booking_consents").where({ id: row.id }).update({ carried_at: trx.fn.now() });
  }
  return carried;
}
