// A payment the provider (or staff, for a transfer) has verified: paid when the verified money equals the quote and
// the application (or the consultation's booking) can still take it; otherwise held as needs_attention for staff —
// never paid on a mismatch. Safe to run twice for one payment (a webhook and a callback, a repeated event): the second
// finds it settled and changes nothing.
import type { Knex } from "knex";
import { formatMinor } from "../../../views/lib/money.ts";
import { sameCover } from "../../domain/familyBill.ts";
import { PAYABLE_STATUSES } from "../../domain/status.ts";
import { feeFor, normalizeStatus } from "../../domain/visa.ts";
import { queuePaymentMessage } from "../../mail/applicationMessages.ts";
import { countPayment } from "../../metrics/index.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import type { BookingRow } from "../../models/bookings.ts";
import { markMembersPaid } from "../../models/groupBills.ts";
import { beforeLodgingPaid, findSplit, instalmentsOf, markInstalmentPaid } from "../../models/instalments.ts";
import {
  type ApplicationPaymentRow,
  isApplicationPayment,
  lockOwnApplication,
  lockPayment,
  markApplicationPaid,
  movePayment,
  type PaymentRow,
  paymentSubject,
  receiptCode,
} from "../../models/payments.ts";
import { type ActionContext, type Actor, auditAs } from "../action.ts";
import { confirmPaidBooking } from "../consultations/confirmPaidBooking.ts";
import { recordApplicantEvent } from "../leads/recordLeadEvent.ts";
import { coveredBy, coverOf, freezeGroup, type GroupBill, groupBillOf, groupFeeUsdCents } from "./groupBill.ts";

export interface Verification {
  amountMinor: number;
  currency: string;
  providerReference?: string | null;
  paidAt?: Date | null;
  /** Staff who confirmed a transfer (and the amount they received). */
  decidedBy?: string | null;
  receivedMinor?: number | null;
}

export type Settled =
  | { result: "paid"; payment: PaymentRow; application: ApplicationRow }
  | { result: "paid"; payment: PaymentRow; booking: BookingRow }
  | { result: "needs_attention"; payment: PaymentRow; reason: string }
  | { result: "unchanged"; payment: PaymentRow };

const OPEN = ["pending", "awaiting_confirmation", "failed"] as const;
/** Money held for staff that they apply to the bill (heldPayments.ts) settles by the same steps. */
const HELD = ["needs_attention"] as const;

/** Settles `paymentId` inside `trx` (the caller's transaction); `held`: a payment held for staff, which they apply. */
export async function settleIn(
  trx: Knex.Transaction,
  { outbox }: Pick<ActionContext, "outbox">,
  actor: Actor,
  paymentId: string,
  v: Verification,
  { held = false }: { held?: boolean } = {},
): Promise<Settled> {
  const payment = await lockPayment(trx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  const from: readonly PaymentRow["state"][] = held ? HELD : OPEN;
  if (!from.includes(payment.state)) return { result: "unchanged", payment };
  const base = {
    provider_reference: v.providerReference ?? payment.provider_reference,
    verified_amount_minor: v.amountMinor,
    verified_currency: v.currency,
  };
  const attention = async (reason: string): Promise<Settled> => {
    const kept = (await movePayment(trx, payment.id, from, "needs_attention", { ...base, decision_note: reason })) as PaymentRow;
    await auditAs(trx, actor, {
      action: "payment_needs_attention",
      ...paymentSubject(payment),
      details: { payment: payment.id, reason, amount: v.amountMinor, currency: v.currency },
    });
    return { result: "needs_attention", payment: kept, reason };
  };
  if (v.amountMinor !== payment.amount_minor || v.currency !== payment.currency) {
    return attention(`Received ${formatMinor(v.amountMinor, v.currency)} where ${formatMinor(payment.amount_minor, payment.currency)} was quoted.`);
  }
  const paidFields = {
    ...base,
    receipt_code: receiptCode(),
    received_minor: v.receivedMinor ?? null,
    decided_by: v.decidedBy ?? null,
    decided_at: v.decidedBy ? new Date() : null,
  };
  if (!isApplicationPayment(payment)) {
    const confirmed = await confirmPaidBooking(trx, { outbox }, actor, { bookingId: String(payment.booking_id), now: new Date() });
    if ("refused" in confirmed) return attention(confirmed.refused);
    const paid = (await movePayment(trx, payment.id, from, "paid", { ...paidFields, paid_at: v.paidAt ?? new Date() })) as PaymentRow;
    await auditPaid(trx, actor, paid);
    return { result: "paid", payment: paid, booking: confirmed.booking };
  }
  return settleApplicationIn(trx, outbox, actor, payment, v, paidFields, attention, from);
}

async function settleApplicationIn(
  trx: Knex.Transaction,
  outbox: ActionContext["outbox"],
  actor: Actor,
  payment: ApplicationPaymentRow,
  v: Verification,
  paidFields: Partial<PaymentRow>,
  attention: (reason: string) => Promise<Settled>,
  from: readonly PaymentRow["state"][],
): Promise<Settled> {
  // What is owed now, not what was owed when the attempt started: a quote for another visa type's fee (the application
  // was sent back and changed meanwhile) is held for staff to refund, never taken as the fee. A split bill keeps the
  // service fee it was split at.
  const owner = await lockOwnApplication(trx, payment.application_id, payment.user_id);
  // A family member's case the lead's bill covers has no bill of its own (money on an attempt it started before).
  const lead = owner ? await coveredBy(trx, owner) : undefined;
  if (lead)
    return attention(
      `${formatMinor(v.amountMinor, v.currency)} arrived for a case paid with the family group's bill, on ${lead.reference_number}. Refund it.`,
    );
  const group = owner ? await groupBillOf(trx, owner) : undefined;
  const split = owner ? await findSplit(trx, owner.id) : undefined;
  // A family group's bill covers someone else now (a member submitted, refused or sent back since the quote).
  if (!sameCover(coverOf(group), payment.covers ?? [])) {
    return attention(
      `${formatMinor(v.amountMinor, v.currency)} arrived on a quote made before the family group's bill changed who it covers. Refund it: the applicant pays today's bill.`,
    );
  }
  const owedUsdCents = split ? split.fee_usd_cents : owner ? groupFeeUsdCents(owner, group) : feeFor(undefined) * 100;
  if (owedUsdCents !== payment.fee_usd_cents) {
    return attention(
      `${formatMinor(v.amountMinor, v.currency)} arrived on a quote for a fee of ${formatMinor(payment.fee_usd_cents, "USD")}; the application now owes ${formatMinor(owedUsdCents, "USD")}. Refund it: the applicant pays today's amount.`,
    );
  }
  // Staff changed the bill's lines (or split it) after this quote: it is no longer what is owed.
  if (owner && Number(owner.bill_version) !== payment.bill_version) {
    return attention(
      `${formatMinor(v.amountMinor, v.currency)} arrived on a quote made before staff changed the bill. Refund it: the applicant pays today's bill.`,
    );
  }
  if (payment.instalment_id) return settleInstalmentIn(trx, outbox, actor, payment, payment.instalment_id, owner, v, paidFields, attention, from);
  // Paid whole: who the group's bill covers is frozen, and each member is paid with the lead (their own share each).
  const application = await markApplicationPaid(trx, payment.application_id, leadShareUsd(payment, group), payment.reference, v.paidAt ?? null);
  if (!application) return attention("Money arrived for an application that was already paid or can no longer be paid: refund it.");
  await freezeGroup(trx, application.id, group);
  await markMembersPaid(trx, application.id, payment.reference, application.paid_at ?? new Date());
  const paid = (await movePayment(trx, payment.id, from, "paid", { ...paidFields, paid_at: application.paid_at ?? new Date() })) as PaymentRow;
  await queuePaymentMessage(outbox, trx, application, paid);
  await recordApplicantEvent(trx, { userId: application.user_id, kind: "paid", applicationId: application.id });
  await auditPaid(trx, actor, paid);
  return { result: "paid", payment: paid, application };
}

/**
 * One instalment of a split bill: paid once (the guarded update below, and the database's one settled payment per
 * instalment behind it), then the application is paid when every instalment due before lodging is (SPEC's
 * payment_status and amount_paid keep their meaning: docs/decisions.md).
 */
async function settleInstalmentIn(
  trx: Knex.Transaction,
  outbox: ActionContext["outbox"],
  actor: Actor,
  payment: ApplicationPaymentRow,
  instalmentId: string,
  owner: ApplicationRow | undefined,
  v: Verification,
  paidFields: Partial<PaymentRow>,
  attention: (reason: string) => Promise<Settled>,
  from: readonly PaymentRow["state"][],
): Promise<Settled> {
  if (!owner || owner.payment_status === "refunded" || !PAYABLE_STATUSES.includes(normalizeStatus(owner.status))) {
    return attention("Money arrived for an application that can no longer be paid: refund it.");
  }
  const paidAt = v.paidAt ?? new Date();
  const instalment = await markInstalmentPaid(trx, instalmentId, payment.id, paidAt);
  if (!instalment) return attention("Money arrived for an instalment that was already paid: refund it.");
  const paid = (await movePayment(trx, payment.id, from, "paid", { ...paidFields, paid_at: paidAt })) as PaymentRow;
  let application = owner;
  if (owner.payment_status === "pending" && beforeLodgingPaid(await instalmentsOf(trx, owner.id))) {
    application =
      (await markApplicationPaid(trx, owner.id, leadShareUsd(payment, await groupBillOf(trx, owner)), payment.reference, paidAt)) ?? owner;
    await markMembersPaid(trx, owner.id, payment.reference, paidAt);
    await recordApplicantEvent(trx, { userId: application.user_id, kind: "paid", applicationId: application.id });
  }
  await queuePaymentMessage(outbox, trx, application, paid);
  await auditPaid(trx, actor, paid);
  return { result: "paid", payment: paid, application };
}

/** The lead's own part of a payment's service fee in dollars (SPEC's amount_paid): each covered member has theirs. */
const leadShareUsd = (payment: ApplicationPaymentRow, group: GroupBill | undefined): number =>
  (payment.fee_usd_cents - (group?.members.reduce((s, m) => s + m.feeUsdCents, 0) ?? 0)) / 100;

function auditPaid(trx: Knex.Transaction, actor: Actor, paid: PaymentRow): Promise<void> {
  return auditAs(trx, actor, {
    action: "payment_recorded",
    ...paymentSubject(paid),
    details: {
      provider: paid.provider,
      amount: paid.amount_minor,
      currency: paid.currency,
      reference: paid.reference,
      ...(paid.instalment_id ? { instalment: paid.instalment_id } : {}),
    },
  });
}

/** Settles `paymentId` in a transaction of its own. */
export async function settlePayment(ctx: ActionContext, actor: Actor, paymentId: string, v: Verification): Promise<Settled> {
  const settled = await ctx.db.transaction((trx) => settleIn(trx, ctx, actor, paymentId, v));
  countSettled(settled);
  return settled;
}

/** The payments counter of /metrics, once the settlement has committed. */
export function countSettled(settled: Settled): void {
  if (settled.result !== "unchanged") countPayment(settled.payment.provider, settled.result);
}
