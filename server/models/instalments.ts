// A case's bill split into instalments: the split (with the service fee it froze) and its instalments in order, each
// paid by one payment. See migrations/20261201001200_instalments.ts for the rules the database holds.
import type { Knex } from "knex";
import type { Currency } from "../domain/money.ts";

export interface BillSplitRow {
  application_id: string;
  currency: Currency;
  service_minor: number;
  fee_usd_cents: number;
  rate_kobo_per_usd: number | null;
  rate_set_at: Date | null;
  split_by: string | null;
  split_at: Date;
}

export interface InstalmentRow {
  id: string;
  application_id: string;
  position: number;
  amount_minor: number;
  /** YYYY-MM-DD, a Lagos calendar day. */
  due_on: string;
  after_lodging: boolean;
  payment_id: string | null;
  paid_at: Date | null;
  /** Read converted into today's currency (actions/payments/chargedNow.ts): what a paid one was paid as. */
  paid_as?: { minor: number; currency: Currency };
}

const dayText = (d: unknown): string =>
  d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}` : String(d);

const instalment = (r: InstalmentRow): InstalmentRow => ({
  ...r,
  position: Number(r.position),
  amount_minor: Number(r.amount_minor),
  due_on: dayText(r.due_on),
});

export async function findSplit(db: Knex, applicationId: string): Promise<BillSplitRow | undefined> {
  const row = await db<BillSplitRow>("bill_splits").where({ application_id: applicationId }).first();
  return row && { ...row, service_minor: Number(row.service_minor) };
}

/** The instalments of a split, first to last. */
export async function instalmentsOf(db: Knex, applicationId: string): Promise<InstalmentRow[]> {
  const rows = await db<InstalmentRow>("bill_instalments").where({ application_id: applicationId }).orderBy("position");
  return rows.map(instalment);
}

export async function insertSplit(
  db: Knex,
  split: Omit<BillSplitRow, "split_at">,
  instalments: Pick<InstalmentRow, "amount_minor" | "due_on" | "after_lodging">[],
): Promise<InstalmentRow[]> {
  await db("bill_splits").insert(split);
  const rows = await db<InstalmentRow>("bill_instalments")
    .insert(instalments.map((i, n) => ({ ...i, application_id: split.application_id, position: n + 1 })))
    .returning("*");
  return rows.map(instalment).sort((a, b) => a.position - b.position);
}

/** Moves an unpaid instalment's amount by `deltaMinor`; undefined when it is paid or would fall to zero or below. */
export async function adjustInstalment(db: Knex, id: string, deltaMinor: number): Promise<InstalmentRow | undefined> {
  const [row] = await db<InstalmentRow>("bill_instalments")
    .where({ id })
    .whereNull("paid_at")
    .where("amount_minor", ">", -deltaMinor)
    .update({ amount_minor: db.raw("amount_minor + ?", [deltaMinor]) as unknown as number })
    .returning("*");
  return row && instalment(row);
}

/** A new last instalment (what was added to a bill already paid). */
export async function appendInstalment(
  db: Knex,
  applicationId: string,
  fields: Pick<InstalmentRow, "amount_minor" | "due_on" | "after_lodging">,
): Promise<InstalmentRow> {
  const [row] = await db<InstalmentRow>("bill_instalments")
    .insert({
      ...fields,
      application_id: applicationId,
      position: db.raw("(SELECT coalesce(max(position), 0) + 1 FROM bill_instalments WHERE application_id = ?)", [
        applicationId,
      ]) as unknown as number,
    })
    .returning("*");
  return instalment(row as InstalmentRow);
}

/** Marks the instalment paid by `paymentId`; undefined when it was paid already (by this payment or another). */
export async function markInstalmentPaid(db: Knex, id: string, paymentId: string, paidAt: Date): Promise<InstalmentRow | undefined> {
  const [row] = await db<InstalmentRow>("bill_instalments")
    .where({ id })
    .whereNull("paid_at")
    .update({ payment_id: paymentId, paid_at: paidAt })
    .returning("*");
  return row && instalment(row);
}

/** An instalment is still unpaid: on a paid application, one due after lodging. */
export async function hasUnpaidInstalment(db: Knex, applicationId: string): Promise<boolean> {
  return Boolean(await db("bill_instalments").where({ application_id: applicationId }).whereNull("paid_at").first("id"));
}

/** Whether a paid application still owes an instalment (due after lodging): only asked of paid ones. */
export const owesAfterLodging = async (db: Knex, row: { id: string; payment_status: string }): Promise<boolean> =>
  row.payment_status === "paid" && (await hasUnpaidInstalment(db, row.id));

/** The first unpaid instalment, or undefined when all are paid (or the bill is not split). */
export const nextUnpaid = (all: InstalmentRow[]): InstalmentRow | undefined => all.find((i) => i.paid_at === null);

/** Everything due before lodging is paid (the application's payment_status is then "paid"). */
export const beforeLodgingPaid = (all: InstalmentRow[]): boolean => all.every((i) => i.after_lodging || i.paid_at !== null);

/** The receipt codes of the payments that paid these instalments, by payment. */
export async function instalmentReceipts(db: Knex, all: InstalmentRow[]): Promise<Map<string, string>> {
  const ids = all.map((i) => i.payment_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db("payments").whereIn("id", ids).whereNotNull("receipt_code").select("id", "receipt_code");
  return new Map(rows.map((r: { id: string; receipt_code: string }) => [r.id, r.receipt_code]));
}

export interface OverdueRow extends InstalmentRow {
  reference_number: string;
  applicant_name: string | null;
  currency: Currency;
  count: number;
}

/**
 * Unpaid instalments due before `today` (a Lagos day), longest overdue first, `size` from `offset`, and how many: read
 * through bill_instalments_unpaid_due (unpaid rows only, by due date), so the list stays fast however many
 * applications there are.
 */
export async function overdueInstalments(db: Knex, today: string, size: number, offset: number): Promise<{ rows: OverdueRow[]; total: number }> {
  const overdue = (q: Knex.QueryBuilder) => q.whereNull("i.paid_at").where("i.due_on", "<", today);
  const [rows, count] = await Promise.all([
    overdue(db("bill_instalments as i"))
      .join("visa_applications as a", "a.id", "i.application_id")
      .join("bill_splits as s", "s.application_id", "i.application_id")
      .leftJoin("users as u", "u.id", "a.user_id")
      .select(
        "i.*",
        "a.reference_number",
        "s.currency",
        db.raw("coalesce(nullif(trim(a.full_name), ''), u.full_name) as applicant_name"),
        db.raw("(SELECT count(*) FROM bill_instalments c WHERE c.application_id = i.application_id) AS count"),
      )
      .orderBy([
        { column: "i.due_on", order: "asc" },
        { column: "i.application_id", order: "asc" },
      ])
      .limit(size)
      .offset(offset),
    overdue(db("bill_instalments as i")).count<{ n: string }[]>({ n: "*" }),
  ]);
  return {
    rows: (rows as OverdueRow[]).map((r) => ({
      ...instalment(r),
      reference_number: r.reference_number,
      applicant_name: r.applicant_name,
      currency: r.currency,
      count: Number(r.count),
    })),
    total: Number(count[0]?.n ?? 0),
  };
}

export interface DueRow extends InstalmentRow {
  reference_number: string;
  user_id: string;
  email: string;
  name: string;
  currency: Currency;
  count: number;
}

/**
 * Unpaid instalments due on `day` (a Lagos day) of applications still payable whose owner's account stands: the
 * reminders' list, read through bill_instalments_unpaid_due.
 */
export async function unpaidDueOn(db: Knex, day: string, payable: readonly string[]): Promise<DueRow[]> {
  const rows = await db("bill_instalments as i")
    .join("visa_applications as a", "a.id", "i.application_id")
    .join("bill_splits as s", "s.application_id", "i.application_id")
    .join("users as u", "u.id", "a.user_id")
    .whereNull("i.paid_at")
    .where("i.due_on", day)
    .whereIn("a.status", [...payable])
    .whereNull("u.deleted_at")
    .orderBy([{ column: "i.application_id" }, { column: "i.position" }])
    .select(
      "i.*",
      "a.reference_number",
      "a.user_id",
      "u.email",
      "s.currency",
      db.raw("coalesce(nullif(trim(a.full_name), ''), u.full_name) as name"),
      db.raw("(SELECT count(*) FROM bill_instalments c WHERE c.application_id = i.application_id) AS count"),
    );
  return (rows as DueRow[]).map((r) => ({ ...r, ...instalment(r), count: Number(r.count) }));
}

/** Claims one reminder of an instalment, in the transaction that queues it: false when it was sent before. */
export async function claimReminder(trx: Knex.Transaction, instalmentId: string, lead: "3d" | "due"): Promise<boolean> {
  const rows = await trx("instalment_reminders")
    .insert({ instalment_id: instalmentId, lead })
    .onConflict(["instalment_id", "lead"])
    .ignore()
    .returning("lead");
  return rows.length > 0;
}

/**
 * Of these applications whose bill counts as paid, the first unpaid instalment still owed (one due after lodging):
 * its due day, by application.
 */
export async function owedAfterPaid(db: Knex, applicationIds: string[]): Promise<Map<string, string>> {
  if (!applicationIds.length) return new Map();
  const rows: { application_id: string; due_on: unknown }[] = await db("bill_instalments")
    .whereIn("application_id", applicationIds)
    .whereNull("paid_at")
    .groupBy("application_id")
    .select("application_id", db.raw("min(due_on) as due_on"));
  return new Map(rows.map((r) => [r.application_id, dayText(r.due_on)]));
}
