// An account's own data, gathered for "Download my data", and the erasure steps of "Delete my account" (NDPA 2023).
import type { Knex } from "knex";
import { APPLICATION_FIELDS, FIELD_KEYS } from "../domain/applicationFields.ts";
import { endSessions } from "./users.ts";

/** Every file of an application: its storage key and the name it gets in the download. */
export interface StoredFile {
  key: string;
  name: string;
}

export interface ApplicationExport {
  reference: string;
  record: Record<string, unknown>;
  history: { status: string; note: string | null; at: Date }[];
  /** The application's conversation with staff: who wrote (the applicant or staff), what and when. */
  conversation: { from: string; body: string; at: Date }[];
  documents: { type: string; fileName: string; uploadedAt: Date; file: StoredFile }[];
  passportFiles: { kind: "passport_scan" | "photo"; file: StoredFile }[];
  /** The answer sheets the person signed: what, when, from where, the hash, the check code, and the signed PDF. */
  signatures: {
    sheet: string;
    typedName: string;
    drawn: boolean;
    signedAt: Date;
    voidedAt: Date | null;
    hash: string;
    code: string;
    ip: string | null;
    file: StoredFile;
  }[];
  /** The service agreements the person signed: which version, when, from where, the hash, the check code, and the PDF. */
  agreements: {
    version: string;
    typedName: string;
    drawn: boolean;
    signedAt: Date;
    hash: string;
    code: string;
    ip: string | null;
    file: StoredFile;
  }[];
}

export interface AccountExport {
  account: Record<string, unknown>;
  applications: ApplicationExport[];
  checklists: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  /** WhatsApp and SMS: every choice made (the history), the WhatsApp messages received from them and sent to them. */
  channels: { choices: Record<string, unknown>[]; whatsappReceived: Record<string, unknown>[]; sentByPhone: Record<string, unknown>[] };
}

/** Columns of the consultancy's own bookkeeping, left out of the person's copy (keys of files, internal ids). */
const INTERNAL = new Set(["user_id", "passport_scan_path", "photo_path"]);

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]/gu, "_").slice(0, 100) || "file";

/** Everything the site keeps about the person, as their copy shows it (read in the caller's transaction). */
export async function gatherAccountData(db: Knex | Knex.Transaction, userId: string): Promise<AccountExport> {
  const account = await db("users")
    .where({ id: userId })
    .first("full_name", "email", "phone", "created_at", "email_confirmed_at", db.raw("(totp_enabled_at IS NOT NULL) AS two_factor"));
  const apps = await db("visa_applications").where({ user_id: userId }).orderBy("created_at");
  const applications: ApplicationExport[] = [];
  for (const app of apps) {
    const history = await db("application_status_history")
      .where({ application_id: app.id })
      .orderBy("created_at")
      .select("status", "notes as note", "created_at as at");
    const docs = await db("application_documents").where({ application_id: app.id }).orderBy("uploaded_at");
    const conversation = await db("application_messages")
      .where({ application_id: app.id })
      .orderBy("created_at")
      .select("author_role as from", "body", "created_at as at");
    const folder = `files/${app.reference_number}`;
    const signed = await db("form_signatures").where({ application_id: app.id, user_id: userId }).orderBy("signed_at");
    const agreed = await db("agreement_signatures").where({ application_id: app.id, user_id: userId }).orderBy("signed_at");
    applications.push({
      reference: app.reference_number,
      record: Object.fromEntries(Object.entries(app).filter(([k]) => !INTERNAL.has(k))),
      history,
      conversation,
      documents: docs.map((d) => ({
        type: d.document_type,
        fileName: d.file_name,
        uploadedAt: d.uploaded_at,
        file: { key: d.file_path, name: `${folder}/documents/${d.id.slice(0, 8)}-${safeName(d.file_name)}` },
      })),
      passportFiles: (["passport_scan", "photo"] as const)
        .filter((kind) => app[`${kind}_path`])
        .map((kind) => ({ kind, file: { key: app[`${kind}_path`], name: `${folder}/${kind}.${extension(app[`${kind}_mime`])}` } })),
      signatures: signed.map((s) => ({
        sheet: s.sheet_key,
        typedName: s.typed_name,
        drawn: s.drawn,
        signedAt: s.signed_at,
        voidedAt: s.voided_at,
        hash: s.content_hash,
        code: s.code,
        ip: s.ip,
        file: { key: s.pdf_key, name: `${folder}/signed-answer-sheet-${s.code}.pdf` },
      })),
      agreements: agreed.map((s) => ({
        version: s.version,
        typedName: s.typed_name,
        drawn: s.drawn,
        signedAt: s.signed_at,
        hash: s.content_hash,
        code: s.code,
        ip: s.ip,
        file: { key: s.pdf_key, name: `${folder}/signed-service-agreement-${s.code}.pdf` },
      })),
    });
  }
  const lists = await db("checklists").where({ user_id: userId }).orderBy("created_at");
  const checklists = [];
  for (const list of lists) {
    const items = await db("checklist_items")
      .where({ checklist_id: list.id })
      .orderBy("step_number")
      .select("step_number", "title", "value", "is_completed");
    checklists.push({ title: list.title, description: list.description, status: list.status, createdAt: list.created_at, items });
  }
  const messages = await db("email_messages")
    .where({ user_id: userId })
    .orderBy("created_at")
    .select("kind", "to_address as to", "subject", "status", "created_at as createdAt", "sent_at as sentAt");
  const channels = {
    choices: await db("channel_consents")
      .where({ user_id: userId })
      .orderBy("id")
      .select("channel", "phone", db.raw("CASE WHEN opted_in THEN 'yes' ELSE 'no' END AS chosen"), "words", "source as where", "created_at as at"),
    whatsappReceived: await db("whatsapp_inbound")
      .where({ user_id: userId })
      .orderBy("received_at")
      .select("from_phone as from", "kind", "body", "media_name as file", "received_at as at"),
    sentByPhone: await db("channel_messages")
      .where({ user_id: userId })
      .orderBy("created_at")
      .select("channel", "to_phone as to", "body", "state", "created_at as at"),
  };
  return { account: account ?? {}, applications, checklists, messages, channels };
}

function extension(mime: string | null): string {
  return mime === "application/pdf" ? "pdf" : mime === "image/png" ? "png" : "jpg";
}

/** Application columns erased when its account is deleted: every answer but the visa type and destination. */
const ERASED_FIELDS = FIELD_KEYS.filter((k) => k !== "visa_type" && k !== "destination_country");

function erasedValues(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of ERASED_FIELDS) {
    const spec = APPLICATION_FIELDS[key];
    values[key] = spec.kind === "flag" ? false : spec.kind === "specific" ? "{}" : null;
  }
  for (const kind of ["passport_scan", "photo"]) {
    values[`${kind}_path`] = null;
    values[`${kind}_mime`] = null;
    values[`${kind}_size`] = null;
  }
  return values;
}

/**
 * Erases an account, in the caller's transaction (all or nothing): drafts and checklists go; every other application
 * keeps its reference, type, destination, status, payment and dates for the consultancy's records, and loses every
 * personal answer, its files, its staff notes, its conversation with staff and the words of its status notes; messages, WhatsApp and SMS choices and WhatsApp messages received, tokens, roles, second
 * factor and sessions go; the account row stays, with nothing left that names anyone. Returns the storage keys to
 * remove after commit.
 */
export async function eraseAccountRows(trx: Knex.Transaction, userId: string): Promise<string[]> {
  const apps = await trx("visa_applications").where({ user_id: userId }).forUpdate().select("id", "status", "passport_scan_path", "photo_path");
  const ids = apps.map((a) => a.id);
  const keys = [
    ...apps.flatMap((a) => [a.passport_scan_path, a.photo_path]).filter((k): k is string => Boolean(k)),
    ...(await trx("application_documents").whereIn("application_id", ids).pluck("file_path")),
    ...(await trx("case_stages").whereIn("application_id", ids).whereNotNull("file_key").pluck("file_key")),
    ...(await trx("form_signatures").whereIn("application_id", ids).pluck("pdf_key")),
    ...(await trx("agreement_signatures").whereIn("application_id", ids).pluck("pdf_key")),
    // The photos and documents they sent on WhatsApp (their rows go below).
    ...(await trx("whatsapp_inbound").where({ user_id: userId }).whereNotNull("media_path").pluck("media_path")),
  ];
  const drafts = apps.filter((a) => a.status === "draft").map((a) => a.id);
  const kept = apps.filter((a) => a.status !== "draft").map((a) => a.id);
  await trx("email_messages").where({ user_id: userId }).orWhereIn("application_id", ids).delete();
  await trx("visa_applications").whereIn("id", drafts).delete();
  if (kept.length) {
    await trx("application_documents").whereIn("application_id", kept).delete();
    await trx("admin_notes").whereIn("application_id", kept).delete();
    // The stages after approval hold the government's references, the decision and its files: the person's data.
    await trx("case_stages").whereIn("application_id", kept).delete();
    // The signed answer sheets hold every answer and the drawn signature: the person's data too (their PDFs go above).
    await trx("form_signatures").whereIn("application_id", kept).delete();
    // So do the signed service agreements (the name, the drawn signature, the address they signed from).
    await trx("agreement_signatures").whereIn("application_id", kept).delete();
    await trx("application_messages").whereIn("application_id", kept).delete();
    await trx("application_status_history").whereIn("application_id", kept).update({ notes: null });
    await trx("visa_applications")
      .whereIn("id", kept)
      .update({ ...erasedValues(), anonymised_at: trx.fn.now(), updated_at: trx.fn.now() });
  }
  await trx("checklists").where({ user_id: userId }).delete();
  // The person's lead (linked, or by the address before the account had one) and its events: the sales trail of
  // someone who asked to be forgotten.
  const account = await trx("users").where({ id: userId }).first("email");
  // Their own sign-in to a family member's application (the application is the lead's, and stays), and the
  // invitations that named their address.
  await trx("visa_applications").where({ member_user_id: userId }).update({ member_user_id: null });
  await trx("family_invitations")
    .where({ accepted_by: userId })
    .orWhereRaw("lower(email) = lower(?)", [account?.email ?? ""])
    .delete();
  await trx("leads")
    .where({ user_id: userId })
    .orWhereRaw("lower(email) = lower(?)", [account?.email ?? ""])
    .delete();
  // The numbers and choices for WhatsApp and SMS, and the WhatsApp messages matched to the person.
  await trx("channel_consents").where({ user_id: userId }).delete();
  await trx("booking_consents")
    .whereIn("booking_id", trx("bookings").where({ user_id: userId }).select("id"))
    .delete();
  await trx("whatsapp_inbound").where({ user_id: userId }).delete();
  await trx("channel_messages").where({ user_id: userId }).delete();
  await trx("account_tokens").where({ user_id: userId }).delete();
  await trx("recovery_codes").where({ user_id: userId }).delete();
  await trx("user_roles").where({ user_id: userId }).delete();
  await trx("users")
    .where({ id: userId })
    .update({
      email: `deleted-${userId}@deleted.invalid`,
      full_name: "Deleted account",
      phone: null,
      // Not a hash of anything: no password can ever match it.
      password_hash: "!deleted",
      email_confirmed_at: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      deleted_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    });
  await endSessions(trx, userId);
  return keys;
}
