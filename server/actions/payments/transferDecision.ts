// What confirming and rejecting a bank transfer share: the transfer locked, still awaiting staff, and the very proof
// the deciding person looked at (a form opened before the applicant replaced it, or already used, changes nothing).
import type { Knex } from "knex";
import { PAYMENT_STATE_LABELS } from "../../../views/lib/payments.ts";
import { isUuid } from "../../models/ids.ts";
import { type ApplicationPaymentRow, isApplicationPayment, lockPayment } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";

export const PAYMENT_NOT_FOUND = "Payment not found";
export const NEW_PROOF = "The applicant uploaded a new proof since this page was opened. Check the new proof, then decide again.";

export interface TransferDecision {
  paymentId: string;
  /** The proof's upload time the form was made with (ISO). */
  proofUploadedAt: string;
}

export async function lockDecidableTransfer(trx: Knex.Transaction, input: TransferDecision): Promise<Outcome<{ payment: ApplicationPaymentRow }>> {
  const payment = isUuid(input.paymentId) ? await lockPayment(trx, input.paymentId) : undefined;
  if (!payment || !isApplicationPayment(payment)) return refuse(404, PAYMENT_NOT_FOUND);
  if (payment.provider !== "bank_transfer") return refuse(409, "Only bank transfers are confirmed or rejected by staff.");
  if (payment.state !== "awaiting_confirmation") {
    return refuse(
      409,
      `This transfer is no longer awaiting confirmation: it is ${PAYMENT_STATE_LABELS[payment.state].toLowerCase()}. Nothing was changed.`,
    );
  }
  const shown = Date.parse(input.proofUploadedAt);
  if (!payment.proof_uploaded_at || shown !== new Date(payment.proof_uploaded_at).getTime()) return refuse(409, NEW_PROOF);
  return { ok: true, payment };
}
