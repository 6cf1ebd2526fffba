// A line added to a bill already paid (a courier fee, the embassy's fee collected later): it is owed as an extra
// instalment, due on the day staff give, and does not undo "paid" (the case is not held up by it: the instalment is
// one "after lodging", which Pay Now still offers and the reminders chase). A bill paid whole is first split as it was
// paid — its service fee frozen at the paid payment's quote, one instalment settled by that payment — so every later
// change has an instalment to go to. A line removed from a paid bill comes off its unpaid extra (deleted when nothing
// is left and no payment ever named it); money already paid is never silently given back (refund it instead).
import type { Knex } from "knex";
import { formatMinor } from "../../../views/lib/money.ts";
import { lagosDay, lagosToday } from "../../domain/calendar.ts";
import { minorOfUsd } from "../../domain/familyBill.ts";
import type { Currency } from "../../domain/money.ts";
import { currentLines } from "../../models/bills.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { frozenMembers } from "../../models/groupBills.ts";
import {
  adjustInstalment,
  appendInstalment,
  findSplit,
  type InstalmentRow,
  insertSplit,
  instalmentsOf,
  markInstalmentPaid,
} from "../../models/instalments.ts";
import type { Actor } from "../action.ts";
import { MAX_INSTALMENTS } from "./billRules.ts";
import { convertTo } from "./chargedNow.ts";

export const EXTRA_DUE = "The bill is paid: give the date the applicant should pay this line by (today or later).";
export const EXTRA_TOO_MANY = `This bill already has ${MAX_INSTALMENTS} instalments: add the line once the last one is paid, or record it outside the bill.`;
export const PAID_NOT_FOUND = "The bill counts as paid, but its payment was not found: ask a manager to check the Payments page.";
export const PAID_IN_OTHER_CURRENCY =
  "This bill was paid in another currency than the site charges now: add the line after a manager has checked it.";
export const REFUND_INSTEAD = (amount: string) =>
  `${amount} of this bill is already paid and no unpaid instalment is left to take it off: record a refund on the Payments page instead.`;

const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The extra instalment's due date from the form (`due_on`), or the refusal's message. */
export function extraDueOn(fields: Record<string, unknown>): { dueOn: string } | { message: string } {
  const due = typeof fields.due_on === "string" ? fields.due_on.trim() : "";
  return isDay(due) && due >= lagosToday() ? { dueOn: due } : { message: EXTRA_DUE };
}

/** A bill paid whole, split as it was paid: the service fee of its payment's quote, one instalment settled by it. */
async function splitAsPaid(trx: Knex.Transaction, actor: Actor, applicationId: string, currency: string): Promise<string | undefined> {
  const paid = await trx("payments").where({ application_id: applicationId, state: "paid" }).whereNull("instalment_id").first();
  if (!paid) return PAID_NOT_FOUND;
  if (paid.currency !== currency) return PAID_IN_OTHER_CURRENCY;
  const amount = Number(paid.amount_minor);
  // A line written under the other PAYMENT_CURRENCY was paid converted, at the payment's rate (billNow).
  const rate = paid.rate_kobo_per_usd ? Number(paid.rate_kobo_per_usd) : (await currentRate(trx))?.koboPerUsd;
  const inForce = await currentLines(trx, applicationId);
  if (!rate && inForce.some((l) => l.currency !== currency)) return PAID_IN_OTHER_CURRENCY;
  const lines = inForce.reduce(
    (s, l) => s + (l.currency === currency ? l.amount_minor : convertTo(currency as Currency, l.amount_minor, rate ?? 1)),
    0,
  );
  // A family group's bill paid whole also paid each covered member's service fee, at the payment's rate.
  const members = (await frozenMembers(trx, applicationId)).reduce(
    (s, m) => s + minorOfUsd(Number(m.billed_fee_usd_cents), currency as Currency, rate ?? undefined),
    0,
  );
  if (amount - lines - members <= 0) return PAID_NOT_FOUND;
  const [first] = await insertSplit(
    trx,
    {
      application_id: applicationId,
      currency: paid.currency,
      service_minor: amount - lines - members,
      fee_usd_cents: paid.fee_usd_cents,
      rate_kobo_per_usd: paid.rate_kobo_per_usd,
      rate_set_at: paid.rate_set_at,
      split_by: actor.userId,
    },
    [{ amount_minor: amount, due_on: lagosDay(new Date(paid.paid_at)), after_lodging: false }],
  );
  await markInstalmentPaid(trx, first.id, paid.id, new Date(paid.paid_at));
  await trx("payments").where({ id: paid.id }).update({ instalment_id: first.id });
  return undefined;
}

/**
 * A line of `amountMinor` added to a paid bill: onto its unpaid instalment when one is left, else a new one due on
 * `dueOn`. The instalment it went to, or the refusal's message.
 */
export async function billExtra(
  trx: Knex.Transaction,
  actor: Actor,
  app: { id: string },
  input: { amountMinor: number; dueOn: string; currency: string },
): Promise<{ instalment: InstalmentRow } | { message: string }> {
  if (!(await findSplit(trx, app.id))) {
    const refused = await splitAsPaid(trx, actor, app.id, input.currency);
    if (refused) return { message: refused };
  }
  const instalments = await instalmentsOf(trx, app.id);
  const unpaid = instalments.filter((i) => i.paid_at === null).at(-1);
  if (unpaid) {
    const moved = await adjustInstalment(trx, unpaid.id, input.amountMinor);
    if (moved) return { instalment: moved };
  }
  if (instalments.length >= MAX_INSTALMENTS) return { message: EXTRA_TOO_MANY };
  return { instalment: await appendInstalment(trx, app.id, { amount_minor: input.amountMinor, due_on: input.dueOn, after_lodging: true }) };
}

/**
 * A line of `amountMinor` removed from a paid bill: off its unpaid instalment (deleted when nothing is left of it and no
 * payment ever named it). Undefined when done, else the refusal's message.
 */
export async function billExtraRemoved(
  trx: Knex.Transaction,
  applicationId: string,
  amountMinor: number,
  currency: string,
): Promise<string | undefined> {
  const unpaid = (await instalmentsOf(trx, applicationId)).filter((i) => i.paid_at === null).at(-1);
  if (unpaid && (await adjustInstalment(trx, unpaid.id, -amountMinor))) return undefined;
  if (unpaid && unpaid.amount_minor === amountMinor && !(await trx("payments").where({ instalment_id: unpaid.id }).first("id"))) {
    await trx("bill_instalments").where({ id: unpaid.id }).whereNull("paid_at").delete();
    return undefined;
  }
  return REFUND_INSTEAD(formatMinor(amountMinor, currency));
}
