// The messages an application's life causes (submitted, paid, status changed), queued inside the change's transaction.
import type { Knex } from "knex";
import { formatMinor } from "../../views/lib/money.ts";
import { memberText } from "../domain/familyBill.ts";
import { CHANGES_REQUESTED } from "../domain/status.ts";
import { feeFor, STATUS_LABELS, VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { ApplicationRow } from "../models/applications.ts";
import { peopleOf } from "../models/groupBills.ts";
import type { PaymentRow } from "../models/payments.ts";
import { findUserContact } from "../models/users.ts";
import type { Outbox } from "./outbox.ts";

const visaTypeLabel = (v: string | null) => VISA_TYPE_OPTIONS.find((o) => o.value === v)?.label ?? "Visa";

const owner = (trx: Knex, row: ApplicationRow) => findUserContact(trx, row.user_id);

export const nameOn = (row: ApplicationRow, account: { full_name: string }) => row.full_name?.trim() || account.full_name;

/** Submitted: the applicant's confirmation with the fee and a link to pay, and a notice to the office inbox. */
export async function queueSubmittedMessages(outbox: Outbox, trx: Knex, row: ApplicationRow, staffInbox: string, fee: string): Promise<void> {
  const account = await owner(trx, row);
  if (!account) return;
  const data = {
    name: nameOn(row, account),
    applicant: nameOn(row, account),
    reference: row.reference_number,
    visaType: visaTypeLabel(row.visa_type),
    destination: row.destination_country ?? "",
    fee: feeFor(row.visa_type),
    feeText: fee,
    applicationId: row.id,
  };
  await outbox.queue(trx, { kind: "application_submitted", to: account.email, userId: account.id, applicationId: row.id, data });
  await outbox.queue(trx, { kind: "application_submitted_staff", to: staffInbox, applicationId: row.id, data });
}

/** A message to the applicant who owns the application (nothing when the account is gone): the message's id, or null. */
async function toApplicant(
  outbox: Outbox,
  trx: Knex,
  row: ApplicationRow,
  kind: "payment_received" | "payment_refunded" | "status_changed" | "transfer_rejected",
  data: (name: string) => Record<string, string | number | null>,
  sendAt?: Date,
): Promise<string | null> {
  const account = await owner(trx, row);
  if (!account) return null;
  return outbox.queue(trx, { kind, to: account.email, userId: account.id, applicationId: row.id, data: data(nameOn(row, account)), sendAt });
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Africa/Lagos" });

/** Payment received: the receipt, in the currency charged, with the code anyone can verify it by. */
export async function queuePaymentMessage(outbox: Outbox, trx: Knex, row: ApplicationRow, payment: PaymentRow): Promise<void> {
  // A family group's payment names the members it covers (the printable receipt does too).
  const members = (await peopleOf(trx, payment.covers ?? [])).map(memberText).join(", ");
  await toApplicant(outbox, trx, row, "payment_received", (name) => ({
    name,
    reference: row.reference_number,
    amount: formatMinor(payment.amount_minor, payment.currency),
    paidOn: dateFormat.format(payment.paid_at ? new Date(payment.paid_at) : new Date()),
    paymentReference: payment.reference,
    receiptCode: payment.receipt_code ?? "",
    applicationId: row.id,
    members,
  }));
}

/** A transfer's proof uploaded: the office inbox is asked to check the account and decide. */
export async function queueTransferToConfirm(outbox: Outbox, trx: Knex, row: ApplicationRow, payment: PaymentRow, staffInbox: string): Promise<void> {
  const account = await owner(trx, row);
  await outbox.queue(trx, {
    kind: "transfer_to_confirm",
    to: staffInbox,
    applicationId: row.id,
    data: {
      reference: row.reference_number,
      applicant: account ? nameOn(row, account) : (row.full_name ?? ""),
      amount: formatMinor(payment.amount_minor, payment.currency),
      paymentCode: payment.payment_code,
      paymentId: payment.id,
    },
  });
}

/** A transfer staff could not confirm: the reason, and the way to pay again. */
export async function queueTransferRejected(outbox: Outbox, trx: Knex, row: ApplicationRow, payment: PaymentRow): Promise<void> {
  await toApplicant(outbox, trx, row, "transfer_rejected", (name) => ({
    name,
    reference: row.reference_number,
    amount: formatMinor(payment.amount_minor, payment.currency),
    paymentCode: payment.payment_code,
    reason: payment.decision_note,
    applicationId: row.id,
  }));
}

/** Refund recorded: how much, when and why, on the receipt the applicant already has. */
export async function queueRefundMessage(outbox: Outbox, trx: Knex, row: ApplicationRow, payment: PaymentRow): Promise<void> {
  await toApplicant(outbox, trx, row, "payment_refunded", (name) => ({
    name,
    reference: row.reference_number,
    amount: formatMinor(payment.refund_minor ?? payment.amount_minor, payment.currency),
    refundedOn: dateFormat.format(payment.refunded_at ? new Date(payment.refunded_at) : new Date()),
    reason: payment.refund_reason ?? "",
    receiptCode: payment.receipt_code ?? "",
    applicationId: row.id,
  }));
}

/**
 * THE message of a status change by staff (its action calls it inside the change's transaction, so a
 * change that rolls back sends nothing). A move back to draft is "Changes requested", with the note saying what.
 * Held back until `sendAt` (the change's undo window); the message's id, or null when the account is gone.
 */
export function queueStatusMessage(
  outbox: Outbox,
  trx: Knex,
  input: { row: ApplicationRow; note: string | null; sendAt?: Date },
): Promise<string | null> {
  const { row, note } = input;
  return toApplicant(
    outbox,
    trx,
    row,
    "status_changed",
    (name) => ({
      name,
      reference: row.reference_number,
      status: row.status,
      statusLabel: row.status === "draft" ? CHANGES_REQUESTED : (STATUS_LABELS[row.status as keyof typeof STATUS_LABELS] ?? row.status),
      note,
      applicationId: row.id,
    }),
    input.sendAt,
  );
}
