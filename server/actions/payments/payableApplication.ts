// Where every way to pay the fee starts: the applicant's own application (404 otherwise), still payable, and — for the
// ways that open a new payment — no bank transfer whose proof waits for staff (one open payment per application).
// Checkout, bank transfer, card and proof all ask here, so a new rule for "can this be paid now" is written once: the
// service agreement in force must be signed for the application (money arriving by a provider's webhook never asks).
// A family member's case whose fee the lead's bill carries is paid there, never on its own (groupBill.ts).
import type { Knex } from "knex";
import { SERVICE_AGREEMENT_VERSION } from "../../../views/content/serviceAgreement.ts";
import { AGREEMENT_UNSIGNED } from "../../domain/agreements.ts";
import { GROUP_BILL } from "../../domain/familyBill.ts";
import { paymentRefusal, TRANSFER_WAITING } from "../../domain/status.ts";
import { signedAgreementOf } from "../../models/agreementSignatures.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { owesAfterLodging } from "../../models/instalments.ts";
import { lockOwnApplication, transferAwaitingStaff } from "../../models/payments.ts";
import { type Outcome, refuse } from "../action.ts";
import { LOAD_FAILED } from "../applications/refusals.ts";
import { coveredBy } from "./groupBill.ts";

/**
 * `refuse`: a transfer waiting for staff refuses this way to pay (Paystack, the card). `allow`: the caller works with
 * that transfer itself (starting a transfer shows it again; its proof and withdrawal act on it).
 */
export type WhileTransferWaits = "refuse" | "allow";

/** `required`: every way to pay. `not-needed`: withdrawing a transfer, which pays nothing. */
export type Agreement = "required" | "not-needed";

async function refusalOf(
  db: Knex,
  app: ApplicationRow | undefined,
  whileTransferWaits: WhileTransferWaits,
  agreement: Agreement,
): Promise<Outcome<{ app: ApplicationRow }>> {
  if (!app) return refuse(404, LOAD_FAILED);
  const lead = await coveredBy(db, app);
  if (lead) return refuse(409, GROUP_BILL(lead.reference_number));
  const refusal = paymentRefusal(app, await owesAfterLodging(db, app));
  if (refusal) return refuse(409, refusal);
  if (agreement === "required" && !(await signedAgreementOf(db, app.id, SERVICE_AGREEMENT_VERSION))) return refuse(409, AGREEMENT_UNSIGNED);
  if (whileTransferWaits === "refuse" && (await transferAwaitingStaff(db, app.id))) return refuse(409, TRANSFER_WAITING);
  return { ok: true, app };
}

/** A first look, unlocked (before quoting or calling a provider): asked again under the lock before anything changes. */
export async function payableApplication(
  db: Knex,
  applicationId: string,
  userId: string,
  whileTransferWaits: WhileTransferWaits,
  agreement: Agreement = "required",
): Promise<Outcome<{ app: ApplicationRow }>> {
  return refusalOf(db, await findForUser(db, applicationId, userId), whileTransferWaits, agreement);
}

/**
 * The application locked for the caller's transaction, then checked: two payments of one fee at once (two tabs, a
 * proof arriving from another) serialise on this lock, and the second sees what the first did.
 */
export async function lockPayableApplication(
  trx: Knex.Transaction,
  applicationId: string,
  userId: string,
  whileTransferWaits: WhileTransferWaits,
  agreement: Agreement = "required",
): Promise<Outcome<{ app: ApplicationRow }>> {
  return refusalOf(trx, await lockOwnApplication(trx, applicationId, userId), whileTransferWaits, agreement);
}
