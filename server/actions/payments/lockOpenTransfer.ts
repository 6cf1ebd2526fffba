// What uploading a proof and withdrawing a transfer both start with: the applicant's own application, locked and still
// payable, and its open bank transfer (pending or awaiting staff), locked; `none` is the refusal when there is none.
import type { Knex } from "knex";
import type { ApplicationRow } from "../../models/applications.ts";
import { findOpenPayment, lockPayment, type PaymentRow } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";
import { type Agreement, lockPayableApplication } from "./payableApplication.ts";

export async function lockOpenTransfer(
  trx: Knex.Transaction,
  applicationId: string,
  userId: string,
  none: string,
  agreement: Agreement = "required",
): Promise<Outcome<{ app: ApplicationRow; transfer: PaymentRow }>> {
  const payable = await lockPayableApplication(trx, applicationId, userId, "allow", agreement);
  if (!payable.ok) return payable;
  const { app } = payable;
  const open = await findOpenPayment(trx, app.id, "bank_transfer");
  const transfer = open && (await lockPayment(trx, open.id));
  if (!transfer || (transfer.state !== "pending" && transfer.state !== "awaiting_confirmation")) return refuse(409, none);
  return { ok: true, app, transfer };
}
