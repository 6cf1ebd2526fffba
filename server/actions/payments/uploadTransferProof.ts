// An applicant uploads the proof of their bank transfer (a receipt or screenshot: jpg, png or pdf, checked by its
// bytes like any document): the attempt waits for staff's confirmation and the office is asked to check it. A new
// proof while staff have not decided replaces the one before.
import { formatDateTime } from "../../../views/lib/format.ts";
import { queueTransferToConfirm } from "../../mail/applicationMessages.ts";
import { movePayment, type PaymentRow } from "../../models/payments.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { type FileActionContext, storeUpload, type Upload } from "../documents/storedFile.ts";
import { lockOpenTransfer } from "./lockOpenTransfer.ts";

export const priceExpired = (at: Date) =>
  `This transfer's price expired on ${formatDateTime(new Date(at).toISOString())}: start again at today's price, then upload the proof of that transfer. If you already sent money at the old price, send us its receipt through your messages.`;

export const START_TRANSFER_FIRST = "Choose “Pay by bank transfer” first: the proof belongs to a transfer with its payment code.";

export async function uploadTransferProof(
  ctx: FileActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; file: Upload },
): Promise<Outcome<{ payment: PaymentRow; replaced: boolean }>> {
  const { db, storage, outbox, config } = ctx;
  const stored = await storeUpload(storage, "document", input.file, (ext) => newStorageKey(actor.userId, { payment: "transfer_proof" }, ext));
  if (!stored.ok) return stored;
  const { file } = stored;
  let outcome: Outcome<{ payment: PaymentRow; replacedPath: string | null }>;
  try {
    outcome = await db.transaction(async (trx) => {
      const found = await lockOpenTransfer(trx, input.applicationId, actor.userId, START_TRANSFER_FIRST);
      if (!found.ok) return found;
      const { app, transfer: locked } = found;
      // A transfer's price holds for its quote's hours: a proof after that would be taken at an old rate.
      if (locked.state === "pending" && new Date(locked.quote_expires_at).getTime() <= Date.now())
        return refuse(409, priceExpired(locked.quote_expires_at));
      const payment = (await movePayment(trx, locked.id, ["pending", "awaiting_confirmation"], "awaiting_confirmation", {
        proof_path: file.key,
        proof_mime: file.mime,
        proof_size: file.size,
        proof_name: file.name,
        proof_uploaded_at: new Date(),
      })) as PaymentRow;
      await queueTransferToConfirm(outbox, trx, app, payment, config.mail.staffInbox);
      await auditAs(trx, actor, {
        action: "transfer_proof_uploaded",
        subjectType: "application",
        subjectId: app.id,
        details: { payment: payment.id, file: file.name, size: file.size, replaced: locked.proof_path !== null },
      });
      return { ok: true, payment, replacedPath: locked.proof_path };
    });
  } catch (err) {
    await storage.remove(file.key);
    throw err;
  }
  if (!outcome.ok) {
    await storage.remove(file.key);
    return outcome;
  }
  if (outcome.replacedPath) await storage.remove(outcome.replacedPath);
  return { ok: true, payment: outcome.payment, replaced: outcome.replacedPath !== null };
}
