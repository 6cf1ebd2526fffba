// Staff split a case's bill into 2–6 instalments, each an amount and a due date (the last may be due after lodging):
// the amounts must add up to the bill. The split freezes the service fee at today's price (docs/decisions.md
// "Instalments"), moves the bill's version on and closes the quotes still waiting for money, in one transaction;
// audited. Same rules as a bill's lines: the case's officer or a manager, refused once paid or while a transfer's
// proof waits for staff.
import { formatMinor } from "../../../views/lib/money.ts";
import { lagosToday } from "../../domain/calendar.ts";
import { parseAmount } from "../../domain/money.ts";
import { nextBillVersion } from "../../models/bills.ts";
import { findSplit, type InstalmentRow, insertSplit } from "../../models/instalments.ts";
import { closeOpenQuotes, transferAwaitingStaff } from "../../models/payments.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { BILL_PAID, BILL_TRANSFER_WAITS, MAX_INSTALMENTS } from "./billRules.ts";
import { freezeGroup, groupBillOf } from "./groupBill.ts";
import { billNow } from "./quote.ts";

export const ALREADY_SPLIT = "This bill is already split into instalments.";
export const SPLIT_COUNT = "Split the bill into 2 to 6 instalments: fill in an amount and a due date for each.";

type Row = Pick<InstalmentRow, "amount_minor" | "due_on" | "after_lodging">;

const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The form's rows (amount_N, due_N for N = 1…6, after_lodging for the last) → instalments, or the first problem. */
export function parseInstalments(fields: Record<string, unknown>, today: string): { rows: Row[] } | { message: string; field: string } {
  const text = (k: string) => (typeof fields[k] === "string" ? (fields[k] as string).trim() : "");
  const rows: Row[] = [];
  for (let n = 1; n <= MAX_INSTALMENTS; n++) {
    const amount = text(`amount_${n}`);
    const due = text(`due_${n}`);
    if (!amount && !due) continue;
    if (rows.length !== n - 1) return { message: "Fill in the instalments in order, without leaving a gap.", field: `amount_${n}` };
    const minor = parseAmount(amount);
    if (!minor) return { message: `Instalment ${n}: enter the amount as a number, like 150,000.`, field: `amount_${n}` };
    if (!isDay(due)) return { message: `Instalment ${n}: choose its due date.`, field: `due_${n}` };
    if (due < today) return { message: `Instalment ${n}: the due date has passed; choose today or later.`, field: `due_${n}` };
    if (rows.length > 0 && due < rows[rows.length - 1].due_on)
      return { message: `Instalment ${n} is due before instalment ${n - 1}: put the dates in order.`, field: `due_${n}` };
    rows.push({ amount_minor: minor, due_on: due, after_lodging: false });
  }
  if (rows.length < 2) return { message: SPLIT_COUNT, field: "amount_1" };
  if (text("after_lodging") === "on") rows[rows.length - 1].after_lodging = true;
  return { rows };
}

export async function splitBill(
  { db, config }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ instalments: InstalmentRow[] }>> {
  return db.transaction(async (trx) => {
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.payment_status !== "pending") return refuse(409, BILL_PAID);
    if (await transferAwaitingStaff(trx, app.id)) return refuse(409, BILL_TRANSFER_WAITS);
    if (await findSplit(trx, app.id)) return refuse(409, ALREADY_SPLIT);
    const parsed = parseInstalments(input.fields, lagosToday());
    if ("message" in parsed) return refuse(400, parsed.message, { [parsed.field]: parsed.message });
    const owed = await billNow(trx, config, app);
    if (!owed.ok) return owed;
    const sum = parsed.rows.reduce((s, r) => s + r.amount_minor, 0);
    const { bill, quote } = owed;
    if (sum !== bill.totalMinor) {
      const message = `The instalments add up to ${formatMinor(sum, bill.currency)}; the bill is ${formatMinor(bill.totalMinor, bill.currency)}. Make them add up to the bill.`;
      return refuse(400, message, { amount_1: message });
    }
    // Who a family group's bill covers is frozen with the split (a member submitted later has a bill of their own).
    const group = await groupBillOf(trx, app);
    const instalments = await insertSplit(
      trx,
      {
        application_id: app.id,
        currency: quote.currency,
        service_minor: quote.amountMinor,
        fee_usd_cents: owed.feeUsdCents,
        rate_kobo_per_usd: quote.rate?.koboPerUsd ?? null,
        rate_set_at: quote.rate?.setAt ?? null,
        split_by: actor.userId,
      },
      parsed.rows,
    );
    await freezeGroup(trx, app.id, group);
    const version = await nextBillVersion(trx, app.id);
    const closed = await closeOpenQuotes(trx, app.id);
    await auditAs(trx, actor, {
      action: "bill_split",
      subjectType: "application",
      subjectId: app.id,
      details: {
        service: quote.amountMinor,
        total: bill.totalMinor,
        currency: bill.currency,
        ...(owed.covers.length ? { covers: owed.covers } : {}),
        instalments: instalments.map((i) => ({ amount: i.amount_minor, due: i.due_on, afterLodging: i.after_lodging })),
        version,
        closed,
      },
    });
    return { ok: true, instalments };
  });
}
