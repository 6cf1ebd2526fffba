// A split bill's instalments for the pages: paid (when), the one due next, later ones, and those past their due date
// (a Lagos calendar day) marked overdue.
import type { InstalmentView } from "../../views/lib/bill.ts";
import { formatDate } from "../../views/lib/format.ts";
import { formatMinor } from "../../views/lib/money.ts";
import { lagosToday } from "../domain/calendar.ts";
import type { Currency } from "../domain/money.ts";
import type { InstalmentRow } from "../models/instalments.ts";

/** Unpaid and its due day has ended in Lagos. */
export const isOverdue = (i: Pick<InstalmentRow, "paid_at" | "due_on">, today = lagosToday()): boolean => i.paid_at === null && i.due_on < today;

export function instalmentViews(
  all: InstalmentRow[],
  currency: Currency,
  receipts: Map<string, string> = new Map(),
  today = lagosToday(),
): InstalmentView[] {
  const next = all.find((i) => i.paid_at === null);
  return all.map((i) => ({
    position: i.position,
    count: all.length,
    amountMinor: i.amount_minor,
    amountText: i.paid_as
      ? `${formatMinor(i.amount_minor, currency)} (paid as ${formatMinor(i.paid_as.minor, i.paid_as.currency)})`
      : formatMinor(i.amount_minor, currency),
    dueText: `${formatDate(i.due_on)}${i.after_lodging ? " (after lodging)" : ""}`,
    afterLodging: i.after_lodging,
    state: i.paid_at ? "paid" : isOverdue(i, today) ? "overdue" : i === next ? "next" : "later",
    paidText: i.paid_at ? formatDate(i.paid_at.toISOString()) : null,
    receiptCode: i.payment_id ? (receipts.get(i.payment_id) ?? null) : null,
  }));
}
