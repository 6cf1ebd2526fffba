// The files of WhatsApp messages (a photo, a document): fetched by the job worker, then shown to staff with the
// message, and filed once against a case's open document request.
import type { Knex } from "knex";
import type { InboundRow } from "./channels.ts";
import { isUuid } from "./ids.ts";

export type MediaState = "waiting" | "stored" | "refused" | "failed";

export interface MediaRow extends InboundRow {
  media_id: string | null;
  media_claimed_mime: string | null;
  media_sha256: string | null;
  media_filename: string | null;
  media_state: MediaState | null;
  media_reason: string | null;
  media_path: string | null;
  media_mime: string | null;
  media_size: string | number | null;
  media_name: string | null;
  filed_at: Date | null;
  filed_document_id: string | null;
}

export function findMedia(db: Knex | Knex.Transaction, id: string): Promise<MediaRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db("whatsapp_inbound").where({ id }).whereNotNull("media_id").first("*");
}

type Settled =
  | { state: "stored"; path: string; mime: string; size: number; name: string }
  | { state: "refused" | "failed"; reason: string }
  | { state: "waiting"; reason: string };

/** What became of a waiting file (a settled one is never changed again). */
export async function settleMedia(db: Knex, id: string, s: Settled): Promise<void> {
  const set =
    s.state === "stored"
      ? { media_state: "stored", media_reason: null, media_path: s.path, media_mime: s.mime, media_size: s.size, media_name: s.name }
      : { media_state: s.state, media_reason: s.reason };
  await db("whatsapp_inbound").where({ id, media_state: "waiting" }).update(set);
}

export type ShownFile = MediaRow & { filed_label: string | null };

/** Files with the request each was filed against (a document's request; a passport file's is not kept). */
const withFiledLabel = (db: Knex) =>
  db("whatsapp_inbound as w")
    .leftJoin("application_documents as d", "d.id", "w.filed_document_id")
    .leftJoin("document_requests as r", "r.id", "d.request_id")
    .whereNotNull("w.media_id")
    .select("w.*", "r.label as filed_label");

/** The files of these conversation messages, by message id. */
export async function filesOfMessages(db: Knex, messageIds: string[]): Promise<Map<string, ShownFile>> {
  if (messageIds.length === 0) return new Map();
  const rows: ShownFile[] = await withFiledLabel(db).whereIn("w.message_id", messageIds);
  return new Map(rows.map((r) => [String(r.message_id), r]));
}

/** The files of these inbox messages, by their id. */
export async function filesOfInbox(db: Knex, ids: string[]): Promise<Map<string, ShownFile>> {
  if (ids.length === 0) return new Map();
  const rows: ShownFile[] = await withFiledLabel(db).whereIn("w.id", ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A file in this case's conversation (another case's, or none, is undefined). */
export async function caseFile(db: Knex | Knex.Transaction, applicationId: string, id: string): Promise<MediaRow | undefined> {
  if (!isUuid(id) || !isUuid(applicationId)) return undefined;
  return db("whatsapp_inbound as w")
    .join("application_messages as m", "m.id", "w.message_id")
    .where({ "w.id": id, "m.application_id": applicationId })
    .whereNotNull("w.media_id")
    .first("w.*");
}

/** A file with the case whose conversation it is in (none: it waits in the staff inbox). */
export async function fileWithCase(
  db: Knex,
  id: string,
): Promise<{ file: MediaRow; application: { id: string; assignee_id: string | null } | null } | undefined> {
  const file = await findMedia(db, id);
  if (!file) return undefined;
  if (!file.message_id) return { file, application: null };
  const application = await db("application_messages as m")
    .join("visa_applications as a", "a.id", "m.application_id")
    .where("m.id", file.message_id)
    .first("a.id", "a.assignee_id");
  return application ? { file, application } : undefined;
}

/** Takes the file for filing, once: false when it is already filed (or being filed). */
export async function claimFiling(db: Knex, id: string): Promise<boolean> {
  const n = await db("whatsapp_inbound").where({ id, media_state: "stored" }).whereNull("filed_at").update({ filed_at: db.fn.now() });
  return n === 1;
}

/** The filing was refused or failed: the file may be filed again. */
export async function releaseFiling(db: Knex, id: string): Promise<void> {
  await db("whatsapp_inbound").where({ id }).whereNull("filed_document_id").update({ filed_at: null });
}

export async function recordFiled(db: Knex, id: string, documentId: string): Promise<void> {
  await db("whatsapp_inbound").where({ id }).update({ filed_document_id: documentId });
}
