// A case's facts for the admin list: whose it is, its payment in words, and how long it has had its status.
import type { CaseFacts } from "../../views/pages/admin/types.ts";
import { isLate, type LateCutoffs } from "../domain/deadlines.ts";
import type { PageRow } from "../models/adminList.ts";

const PAYMENT_LABELS: Record<string, string> = { paid: "Paid", pending: "Unpaid", refunded: "Refunded" };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "under an hour", "5 hours", "1 day", "12 days": how long ago `since` was, at `now`. */
export function ageInWords(since: Date, now: number): string {
  const ms = Math.max(0, now - since.getTime());
  if (ms < HOUR) return "under an hour";
  const [n, unit] = ms < DAY ? [Math.floor(ms / HOUR), "hour"] : [Math.floor(ms / DAY), "day"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

export function caseFacts(row: PageRow, now: number, cutoffs: LateCutoffs): CaseFacts {
  const since = new Date(row.status_since);
  return {
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    paymentLabel:
      row.status === "draft" && row.payment_status !== "paid" ? "Not due yet" : (PAYMENT_LABELS[row.payment_status] ?? row.payment_status),
    statusSince: since.toISOString(),
    statusAge: ageInWords(since, now),
    late: isLate(row.status, since, cutoffs),
    family: row.group_lead_id
      ? `Family group of ${row.group_members + 1}`
      : row.group_members
        ? `Leads a family group of ${row.group_members + 1}`
        : null,
  };
}
