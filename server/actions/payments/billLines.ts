// Staff add a line to a case's bill, or remove one, with the reason; audited. Only whoever may work the case (its
// officer, a manager): another officer's case is not found. A change moves the bill's version on and closes, in the
// same transaction, the quotes still waiting for money ("Quote no longer valid"): a payment is only ever for what is
// owed now. On a paid bill a line is owed as an extra instalment, due on the day staff give (paidBill.ts). Refused
// once the fee was refunded, and while a transfer's proof waits for staff (confirm or reject it first). On a family
// group's bill (the lead's case) a line may name the person it is for; a covered member's case has no bill to change.

import { formatMinor } from "../../../views/lib/money.ts";
import { convert, lineIn } from "../../domain/bill.ts";
import { GROUP_BILL, PERSON_NOT_IN_GROUP } from "../../domain/familyBill.ts";
import { type Currency, parseRate } from "../../domain/money.ts";
import { type BillLineRow, currentLines, insertLine, nextBillVersion, removeLine } from "../../models/bills.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { adjustInstalment, findSplit, instalmentsOf } from "../../models/instalments.ts";
import { closeOpenQuotes, transferAwaitingStaff } from "../../models/payments.ts";
import { AMOUNT_INVALID, lineSchema, RATE_INVALID, removeLineSchema } from "../../validation/bill.ts";
import { checkInput } from "../../validation/validate.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { BILL_REFUNDED, BILL_TRANSFER_WAITS, EARLIER_LINES_NEED_RATE } from "./billRules.ts";
import { coveredBy, coverOf, groupBillOf } from "./groupBill.ts";
import { billExtra, billExtraRemoved, extraDueOn } from "./paidBill.ts";

export const LINE_NOT_FOUND = "That line is not on this bill.";
export const INSTALMENT_TOO_SMALL = (amount: string, last: string) =>
  `Removing ${amount} would leave the last unpaid instalment (${last}) at nothing or less: the paid instalments cannot give money back here. Record a refund instead.`;

/**
 * A split bill keeps adding up: a line's amount goes to (or comes off) the last unpaid instalment. Undefined when done
 * (or the bill is not split), else the refusal's message.
 */
async function keepSplitTrue(trx: Parameters<typeof lockCase>[0], applicationId: string, deltaMinor: number): Promise<string | undefined> {
  if (!(await findSplit(trx, applicationId))) return undefined;
  const last = (await instalmentsOf(trx, applicationId)).filter((i) => i.paid_at === null).at(-1);
  if (last && (await adjustInstalment(trx, last.id, deltaMinor))) return undefined;
  const currency = (await findSplit(trx, applicationId))?.currency ?? "NGN";
  return INSTALMENT_TOO_SMALL(formatMinor(-deltaMinor, currency), last ? formatMinor(last.amount_minor, currency) : "none");
}

async function changeable(trx: Parameters<typeof lockCase>[0], actor: StaffActor, applicationId: string) {
  const app = await lockCase(trx, actor, applicationId);
  if ("ok" in app) return app;
  // A family member's case whose fee the lead's bill carries has no bill of its own to change.
  const lead = await coveredBy(trx, app);
  if (lead) return refuse(409, GROUP_BILL(lead.reference_number));
  if (app.payment_status !== "pending" && app.payment_status !== "paid") return refuse(409, BILL_REFUNDED);
  if (await transferAwaitingStaff(trx, app.id)) return refuse(409, BILL_TRANSFER_WAITS);
  return app;
}

export async function addBillLine(
  { db, config }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ line: BillLineRow }>> {
  const parsed = checkInput(lineSchema, input.fields);
  return db.transaction(async (trx) => {
    const app = await changeable(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Please check the line.", parsed.fields);
    const paid = app.payment_status === "paid";
    const due = paid ? extraDueOn(input.fields) : undefined;
    if (due && "message" in due) return refuse(400, due.message, { due_on: due.message });
    const { kind, label, amount, currency, rate, reason } = parsed.data;
    // On a family group's bill a line may name the person it is for: the lead or a member the bill covers.
    const person = typeof input.fields.person === "string" ? input.fields.person.trim() : "";
    if (person) {
      const group = await groupBillOf(trx, app);
      if (!group?.members.length || ![app.id, ...coverOf(group)].includes(person))
        return refuse(400, PERSON_NOT_IN_GROUP, { person: PERSON_NOT_IN_GROUP });
    }
    // The bill's currency: a split's own (its instalments are in it), else what the site charges now.
    const billCurrency = (await findSplit(trx, app.id))?.currency ?? config.payments.currency;
    let line: Pick<BillLineRow, "amount_minor" | "source_currency" | "source_minor" | "rate_minor">;
    if (currency === billCurrency) {
      line = { amount_minor: amount, source_currency: null, source_minor: null, rate_minor: null };
    } else {
      const rateMinor = parseRate(rate);
      if (!rateMinor) return refuse(400, RATE_INVALID, { rate: RATE_INVALID });
      const converted = convert(amount, rateMinor);
      if (converted <= 0 || converted > 999_999_999_999) return refuse(400, AMOUNT_INVALID, { amount: AMOUNT_INVALID });
      line = { amount_minor: converted, source_currency: currency, source_minor: amount, rate_minor: rateMinor };
    }
    // On a paid bill the line is owed as an instalment, settled before the line is written (a bill paid whole is split
    // as it was paid, from the lines it paid): a refusal here has changed nothing.
    let extra: string | undefined;
    if (due && "dueOn" in due) {
      const billed = await billExtra(trx, actor, app, { amountMinor: line.amount_minor, dueOn: due.dueOn, currency: billCurrency });
      if ("message" in billed) return refuse(409, billed.message);
      extra = billed.instalment.id;
    }
    const created = await insertLine(trx, {
      application_id: app.id,
      kind,
      label,
      currency: billCurrency,
      ...line,
      reason,
      added_by: actor.userId,
      person_id: person || null,
    });
    if (!extra) {
      const unsplit = await keepSplitTrue(trx, app.id, created.amount_minor);
      if (unsplit) throw new Error(unsplit); // an addition always fits the last unpaid instalment
    }
    const version = await nextBillVersion(trx, app.id);
    const closed = await closeOpenQuotes(trx, app.id);
    await auditAs(trx, actor, {
      action: "bill_line_added",
      subjectType: "application",
      subjectId: app.id,
      details: {
        line: created.id,
        kind,
        label,
        amount: created.amount_minor,
        currency: billCurrency,
        source: line.source_currency,
        reason,
        version,
        closed,
        ...(person ? { person } : {}),
        ...(extra ? { instalment: extra } : {}),
      },
    });
    return { ok: true, line: created };
  });
}

/**
 * A line's amount in the bill's currency, as billNow counts it: a line written while the site charged the other
 * currency is converted at the bill's rate (its split's, else today's). Undefined when no rate can convert it.
 */
async function amountInBill(trx: Parameters<typeof lockCase>[0], applicationId: string, line: BillLineRow, charged: Currency) {
  const split = await findSplit(trx, applicationId);
  const currency = split?.currency ?? charged;
  if (line.currency === currency) return { amountMinor: line.amount_minor, currency };
  const rate = split?.rate_kobo_per_usd ?? (await currentRate(trx))?.koboPerUsd;
  const asLine = {
    id: line.id,
    kind: line.kind,
    label: line.label,
    currency: line.currency,
    amountMinor: line.amount_minor,
    source: null,
    reason: null,
  };
  const converted = lineIn(asLine, currency, rate ?? undefined);
  return converted && { amountMinor: converted.amountMinor, currency };
}

export async function removeBillLine(
  { db, config }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; lineId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ line: BillLineRow }>> {
  const parsed = checkInput(removeLineSchema, input.fields);
  return db.transaction(async (trx) => {
    const app = await changeable(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Say why the line is removed.", parsed.fields);
    const inForce = (await currentLines(trx, app.id)).find((l) => l.id === input.lineId);
    if (!inForce) return refuse(404, LINE_NOT_FOUND);
    const inBill = await amountInBill(trx, app.id, inForce, config.payments.currency);
    if (!inBill) return refuse(503, EARLIER_LINES_NEED_RATE);
    const unsplit =
      app.payment_status === "paid"
        ? await billExtraRemoved(trx, app.id, inBill.amountMinor, inBill.currency)
        : await keepSplitTrue(trx, app.id, -inBill.amountMinor);
    if (unsplit) return refuse(409, unsplit);
    const removed = await removeLine(trx, app.id, input.lineId, actor.userId, parsed.data.reason);
    if (!removed) return refuse(404, LINE_NOT_FOUND);
    const version = await nextBillVersion(trx, app.id);
    const closed = await closeOpenQuotes(trx, app.id);
    await auditAs(trx, actor, {
      action: "bill_line_removed",
      subjectType: "application",
      subjectId: app.id,
      details: {
        line: removed.id,
        kind: removed.kind,
        label: removed.label,
        amount: removed.amount_minor,
        reason: parsed.data.reason,
        version,
        closed,
      },
    });
    return { ok: true, line: removed };
  });
}
