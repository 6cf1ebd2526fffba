// The applicant signs the answer sheet staff will lodge: their approved application only, the sheet exactly as they
// were shown it (the hash they read must be the hash of the sheet now), their full name typed, a drawn signature if
// they drew one. Recorded: when, the account, the address, the content and its SHA-256; the PDF of what was signed is
// stored privately like a document (written before the row, removed again if the row is refused).
import { randomInt } from "node:crypto";
import { Readable } from "node:stream";
import { formatDateTime } from "../../../views/lib/format.ts";
import {
  ALREADY_SIGNED,
  ANSWERS_CHANGED,
  BAD_DRAWING,
  CONFIRM_FIRST,
  NO_SHEET,
  NOT_APPROVED_TO_SIGN,
  sameName,
  typeYourName,
} from "../../domain/signatures.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import type { SignatureRow } from "../../models/signatures.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { signedPdf } from "../../presenters/signaturePdf.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import type { FileActionContext } from "../documents/storedFile.ts";
import { signatureState } from "./signatureState.ts";

export interface SignSheet {
  applicationId: string;
  /** The hash of the sheet the page showed (a hidden field): signing something else is refused. */
  shownHash: string;
  typedName: string;
  confirmed: boolean;
  /** A PNG data URL from the drawing pad, or empty when the applicant typed their name only. */
  drawing: string;
  /** The address anyone can check the signature at, without its code (…/signatures/). */
  checkBase: string;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const newCode = () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A drawing is a few kilobytes; anything far larger is not one. */
const MAX_DRAWING = 300_000;

export function drawingBytes(drawing: string): Buffer | null | "bad" {
  if (!drawing.trim()) return null;
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(drawing.trim());
  if (!m || m[1].length > (MAX_DRAWING * 4) / 3) return "bad";
  const bytes = Buffer.from(m[1], "base64");
  return bytes.subarray(0, 8).equals(PNG_MAGIC) ? bytes : "bad";
}

export async function signSheet(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: SignSheet,
): Promise<Outcome<{ row: SignatureRow }>> {
  const { db, storage } = ctx;
  const fields: Record<string, string> = {};
  const drawing = drawingBytes(input.drawing);
  if (drawing === "bad") fields.drawing = BAD_DRAWING;
  if (!input.confirmed) fields.confirm = CONFIRM_FIRST;

  // The checks and the PDF are made on a read of the case; the row is written under its lock, checked again there.
  const app: ApplicationRow | undefined = await db("visa_applications")
    .where({ id: input.applicationId, user_id: actor.userId })
    .first()
    .catch(() => undefined);
  if (!app) return refuse(404, "Application not found");
  if (app.status !== "approved") return refuse(409, NOT_APPROVED_TO_SIGN);
  const state = await signatureState(db, app);
  if (state.state === "no-sheet") return refuse(409, NO_SHEET);
  if (state.state === "valid") return refuse(409, ALREADY_SIGNED);
  if (state.hash !== input.shownHash) return refuse(409, ANSWERS_CHANGED);
  if (!sameName(input.typedName, app.full_name)) fields.typedName = typeYourName(app.full_name);
  if (Object.keys(fields).length > 0) return refuse(400, Object.values(fields)[0], fields);

  const signedAt = new Date();
  const code = newCode();
  const pdf = await signedPdf({
    content: state.content,
    applicantName: app.full_name ?? "",
    reference: app.reference_number,
    typedName: input.typedName.trim().replace(/\s+/g, " "),
    drawing: drawing === null ? null : new Uint8Array(drawing as Buffer),
    signedAtText: `${formatDateTime(signedAt.toISOString())} (Lagos)`,
    hash: state.hash,
    checkUrl: `${input.checkBase}${code}`,
  });
  const key = newStorageKey(app.user_id, { document: "signed_sheet" }, "pdf");
  const { size } = await storage.put(key, Readable.from(Buffer.from(pdf)));
  try {
    const outcome = await db.transaction(async (trx): Promise<Outcome<{ row: SignatureRow }>> => {
      const locked = await lockApplication(trx, app.id);
      if (locked?.status !== "approved") return refuse(409, NOT_APPROVED_TO_SIGN);
      const again = await signatureState(trx, locked);
      if (again.state === "no-sheet" || again.hash !== state.hash) return refuse(409, ANSWERS_CHANGED);
      if (again.state === "valid") return refuse(409, ALREADY_SIGNED);
      const [row] = await trx("form_signatures")
        .insert({
          application_id: app.id,
          user_id: actor.userId,
          sheet_key: state.content.sheet,
          typed_name: input.typedName.trim().replace(/\s+/g, " "),
          drawn: drawing !== null,
          content: JSON.stringify(state.content),
          content_hash: state.hash,
          code,
          pdf_key: key,
          pdf_size: size,
          ip: actor.ip ?? null,
          signed_at: signedAt,
        })
        .returning("*");
      await auditAs(trx, actor, {
        action: "answer_sheet_signed",
        subjectType: "application",
        subjectId: app.id,
        details: { sheet: state.content.sheet, hash: state.hash, drawn: drawing !== null },
      });
      return { ok: true, row };
    });
    if (!outcome.ok) await storage.remove(key);
    return outcome;
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}
