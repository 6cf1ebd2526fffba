// Whether money held for staff (a payment under Needs attention) can settle what the case's bill owes now, and the
// facts the payment's page shows beside its Apply and Refund forms. The rule (docs/decisions.md "A held payment is
// applied only when it is exactly what one payment pays now"): the money that arrived, in the bill's currency, equal
// to the next unpaid instalment, or to the whole bill when it is not split; anything else is refunded.
import type { Knex } from "knex";
import { instalmentTitle } from "../../../views/lib/bill.ts";
import { formatDate } from "../../../views/lib/format.ts";
import { formatMinor } from "../../../views/lib/money.ts";
import type { HeldView } from "../../../views/pages/admin/paymentTypes.ts";
import type { Config } from "../../config.ts";
import { PAYABLE_STATUSES } from "../../domain/status.ts";
import { normalizeStatus } from "../../domain/visa.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { owesAfterLodging } from "../../models/instalments.ts";
import { type ApplicationPaymentRow, moneyReceived, transferAwaitingStaff } from "../../models/payments.ts";
import { statusOf } from "../../presenters/application.ts";
import { type Outcome, refuse } from "../action.ts";
import { amountOwed, billNow, type Owed } from "./quote.ts";

export const NOTHING_ARRIVED = "Nothing is known to have arrived on this payment: there is nothing to apply or refund.";
export const BILL_REFUNDED = "This application's fee has been refunded, so nothing can be applied to its bill: refund this payment too.";
export const NOTHING_OWED = "Nothing is owed on this bill now: refund this payment.";
export const HELD_TRANSFER_WAITS =
  "A bank transfer's proof waits for staff on this application: confirm or reject it first, then apply this payment.";

export interface Applicable {
  money: { minor: number; currency: ApplicationPaymentRow["currency"] };
  owed: Owed;
  /** What the money pays: "the whole bill" or "Instalment 2 of 3, due 5 Dec 2026". */
  what: string;
}

/** What the bill owes now, said for staff: its amount and what it is. */
function owedNow(owed: Owed): { minor: number; what: string } {
  const { next, instalments } = owed;
  return {
    minor: amountOwed(owed),
    what: next ? `${instalmentTitle({ position: next.position, count: instalments.length })}, due ${formatDate(next.due_on)}` : "the whole bill",
  };
}

/** Whether `payment`'s money settles `app`'s bill now; `db` is the caller's transaction when it is about to apply it. */
export async function applicable(db: Knex, config: Config, payment: ApplicationPaymentRow, app: ApplicationRow): Promise<Outcome<Applicable>> {
  const money = moneyReceived(payment);
  if (!money) return refuse(409, NOTHING_ARRIVED);
  if (app.payment_status === "refunded") return refuse(409, BILL_REFUNDED);
  if (app.payment_status === "paid" && !(await owesAfterLodging(db, app))) return refuse(409, NOTHING_OWED);
  if (!PAYABLE_STATUSES.includes(normalizeStatus(app.status))) {
    return refuse(
      409,
      `The application is ${statusOf(app.status).statusLabel.toLowerCase()} and cannot take a payment now: refund this payment, or apply it once the application can be paid.`,
    );
  }
  if (await transferAwaitingStaff(db, app.id)) return refuse(409, HELD_TRANSFER_WAITS);
  const owed = await billNow(db, config, app);
  if (!owed.ok) return owed;
  if (owed.instalments.length > 0 && !owed.next) return refuse(409, NOTHING_OWED);
  const due = owedNow(owed);
  const arrived = formatMinor(money.minor, money.currency);
  const dueText = `${formatMinor(due.minor, owed.quote.currency)} (${due.what})`;
  if (money.currency !== owed.quote.currency) {
    return refuse(409, `${arrived} arrived in ${money.currency}, and the bill is in ${owed.quote.currency}: refund it.`);
  }
  if (money.minor > due.minor) {
    return refuse(
      400,
      `${arrived} is more than the bill owes now, ${dueText}. It is not applied in part: refund it, and the applicant pays what is owed.`,
    );
  }
  if (money.minor < due.minor) {
    return refuse(
      400,
      `${arrived} is less than the bill owes now, ${dueText}. Only an amount that settles it exactly is applied: refund it${owed.instalments.length ? "" : ", or split the bill so that its first instalment is this amount"}.`,
    );
  }
  return { ok: true, money, owed: owed, what: due.what };
}

/** The held payment's part of its page: what arrived, and whether Apply would take it (else why not). */
export async function heldView(db: Knex, config: Config, payment: ApplicationPaymentRow, app: ApplicationRow): Promise<HeldView | null> {
  const money = moneyReceived(payment);
  if (payment.state !== "needs_attention" || !money) return null;
  const check = await applicable(db, config, payment, app);
  return {
    arrivedText: formatMinor(money.minor, money.currency),
    canApply: check.ok,
    applyText: check.ok ? `It settles ${check.what}: ${formatMinor(check.money.minor, check.money.currency)}.` : check.message,
    refundThrough: payment.provider === "paystack" ? "paystack" : "hand",
  };
}
