// bill_lines: the lines staff add to a case's bill (the service fee from the price list is not stored), and the
// application's bill_version, moved on by every change so a quote made before it is no longer taken as what is owed.
import type { Knex } from "knex";
import type { LineKind } from "../domain/bill.ts";
import type { Currency } from "../domain/money.ts";
import { isUuid } from "./ids.ts";

export interface BillLineRow {
  id: string;
  application_id: string;
  kind: LineKind;
  label: string;
  currency: Currency;
  amount_minor: number;
  source_currency: string | null;
  source_minor: number | null;
  rate_minor: number | null;
  reason: string;
  added_by: string | null;
  added_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
  removal_reason: string | null;
  /** On a family group's bill: the case of the person the line is for (the lead's or a covered member's), if named. */
  person_id: string | null;
}

const numeric = (r: BillLineRow): BillLineRow => ({
  ...r,
  amount_minor: Number(r.amount_minor),
  source_minor: r.source_minor === null ? null : Number(r.source_minor),
});

/** The lines in force (not removed), oldest first. */
export async function currentLines(db: Knex, applicationId: string): Promise<BillLineRow[]> {
  const rows = await db<BillLineRow>("bill_lines").where({ application_id: applicationId }).whereNull("removed_at").orderBy("added_at").orderBy("id");
  return rows.map(numeric);
}

export type NewBillLine = Pick<
  BillLineRow,
  "application_id" | "kind" | "label" | "currency" | "amount_minor" | "source_currency" | "source_minor" | "rate_minor" | "reason" | "added_by"
> &
  Partial<Pick<BillLineRow, "person_id">>;

export async function insertLine(db: Knex, line: NewBillLine): Promise<BillLineRow> {
  const [row] = await db<BillLineRow>("bill_lines").insert(line).returning("*");
  return numeric(row as BillLineRow);
}

/** Marks a line of this application removed; undefined when there is no such line in force. */
export async function removeLine(db: Knex, applicationId: string, lineId: string, by: string, reason: string): Promise<BillLineRow | undefined> {
  if (!isUuid(lineId)) return undefined;
  const [row] = await db<BillLineRow>("bill_lines")
    .where({ id: lineId, application_id: applicationId })
    .whereNull("removed_at")
    .update({ removed_at: db.fn.now() as unknown as Date, removed_by: by, removal_reason: reason })
    .returning("*");
  return row && numeric(row);
}

/** The bill changed: quotes made at the version before are no longer what is owed. */
export async function nextBillVersion(db: Knex, applicationId: string): Promise<number> {
  const [row] = await db("visa_applications").where({ id: applicationId }).increment("bill_version", 1).returning("bill_version");
  return Number(row?.bill_version ?? 0);
}
