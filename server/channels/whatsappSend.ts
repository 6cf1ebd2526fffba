// Sending on WhatsApp: the staff message's notice, queued in the transaction of the message (the outbox's way) and
// sent by the job worker through the Cloud API. Only to a client whose latest WhatsApp consent is an opt-in and who
// wrote from that number within the last 24 hours (outside that window WhatsApp takes only approved templates); the
// notice carries a link, never the words of the case (no passport number, date of birth or criminal-history answer).
import type { Knex } from "knex";
import type { Config } from "../config.ts";
import { currentConsents } from "../models/channels.ts";
import { addJob } from "../models/jobs.ts";

export const WHATSAPP_SEND_TASK = "whatsapp_send";
/** WhatsApp's customer service window: free-form messages only within 24 hours of the person's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** Queues the notice of a staff message to the applicant when every condition holds; whether it did. */
export async function queueStaffMessageNotice(
  trx: Knex.Transaction,
  config: Config,
  input: { userId: string; applicationId: string },
): Promise<boolean> {
  if (!config.channels.whatsapp) return false;
  const consent = (await currentConsents(trx, input.userId)).whatsapp;
  if (!consent?.opted_in) return false;
  const recent = await trx("whatsapp_inbound")
    .where({ from_phone: consent.phone })
    .where("received_at", ">", new Date(Date.now() - SERVICE_WINDOW_MS))
    .first("id");
  if (!recent) return false;
  const [row] = await trx("whatsapp_outbound")
    .insert({ user_id: input.userId, application_id: input.applicationId, to_phone: consent.phone })
    .returning("id");
  await addJob(trx, WHATSAPP_SEND_TASK, { id: row.id }, { maxAttempts: 5, jobKey: `whatsapp:${row.id}` });
  return true;
}

/**
 * The job: checks the consent again (a STOP may have come since), then sends. A refusal by the API throws so that the
 * worker tries again; after the last attempt the row says failed, with the API's message.
 */
export async function sendQueuedNotice(
  deps: { db: Knex; config: Config; baseUrl: string },
  id: string,
  attempt: { attempts: number; maxAttempts: number },
): Promise<void> {
  const { db, config } = deps;
  const row = await db("whatsapp_outbound").where({ id, state: "queued" }).first();
  if (!row) return;
  const settings = config.channels.whatsapp;
  const consent = row.user_id ? (await currentConsents(db, row.user_id)).whatsapp : undefined;
  const app = row.application_id ? await db("visa_applications").where({ id: row.application_id }).first("reference_number") : undefined;
  if (!settings || !consent?.opted_in || consent.phone !== row.to_phone || !app) {
    await db("whatsapp_outbound").where({ id }).update({ state: "not_sent", updated_at: db.fn.now() });
    return;
  }
  const body = `${config.site.name}: there is a new message about your application ${app.reference_number}. Read it here: ${deps.baseUrl}/application/${row.application_id}#messages`;
  const res = await fetch(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: row.to_phone.slice(1),
      type: "text",
      text: { body, preview_url: false },
    }),
    signal: AbortSignal.timeout(15_000),
  }).catch((err: unknown) => ({ ok: false, status: 0, json: async () => ({ error: { message: String(err) } }) }) as const);
  const answer = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string } };
  const wamid = answer.messages?.[0]?.id;
  if (res.ok && wamid) {
    await db("whatsapp_outbound").where({ id }).update({ state: "sent", wamid, body, error: null, updated_at: db.fn.now() });
    return;
  }
  const error = `${res.status} ${answer.error?.message ?? "no message id"}`.slice(0, 500);
  const last = attempt.attempts >= attempt.maxAttempts;
  await db("whatsapp_outbound")
    .where({ id })
    .update({ error, ...(last ? { state: "failed" } : {}), updated_at: db.fn.now() });
  throw new Error(`WhatsApp refused the message: ${error}`);
}

/** A status update from the webhook: sent → delivered → read (never backwards), or failed. */
const ORDER = ["queued", "sent", "delivered", "read"];
export async function recordStatus(db: Knex, update: { wamid: string; status: string }): Promise<boolean> {
  if (update.status === "failed") {
    return (await db("whatsapp_outbound").where({ wamid: update.wamid }).update({ state: "failed", updated_at: db.fn.now() })) > 0;
  }
  const rank = ORDER.indexOf(update.status);
  if (rank < 1) return false;
  const changed = await db("whatsapp_outbound")
    .where({ wamid: update.wamid })
    .whereIn("state", ORDER.slice(0, rank))
    .update({ state: update.status, updated_at: db.fn.now() });
  return changed > 0;
}
