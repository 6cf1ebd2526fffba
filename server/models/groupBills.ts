// A family group's one bill: which members the lead's bill covers (while it may still change, and frozen once it is
// split or paid), the family rate on the lead's row, and the members marked as the lead's bill is paid or refunded.
// The only module with SQL for billed_with_id, billed_fee_usd_cents and family_rate_percent.
import type { Knex } from "knex";
import { PAYABLE_STATUSES } from "../domain/status.ts";
import { normalizeStatus } from "../domain/visa.ts";
import type { ApplicationRow } from "./applications.ts";
import { isUuid } from "./ids.ts";
import { closeOpenQuotes } from "./payments.ts";

/** A visa_applications row with the group bill's columns. */
export type BilledRow = ApplicationRow & {
  billed_with_id: string | null;
  billed_fee_usd_cents: number | null;
  family_rate_percent: number | null;
};

export const isPayableStatus = (status: string): boolean => PAYABLE_STATUSES.includes(normalizeStatus(status));

/** The members a split or paid group bill covers (frozen when it was split or paid), oldest first. */
export async function frozenMembers(db: Knex, leadId: string): Promise<BilledRow[]> {
  // By the group too (billed_with_id is always the group's lead, a CHECK): the members' partial index, not a scan.
  const rows = await db<BilledRow>("visa_applications")
    .where({ group_lead_id: leadId, billed_with_id: leadId })
    .orderBy("created_at")
    .orderBy("id")
    .select("*");
  return rows.map((r) => ({ ...r, billed_fee_usd_cents: Number(r.billed_fee_usd_cents) }));
}

/**
 * The members an open group bill covers now: submitted and not refused (a payable status), their own fee not paid or
 * refunded, and no bill of their own under way (split, or a transfer's proof with staff).
 */
export async function openMembers(db: Knex, leadId: string): Promise<BilledRow[]> {
  return db("visa_applications as a")
    .where({ "a.group_lead_id": leadId, "a.payment_status": "pending" })
    .whereNull("a.billed_with_id")
    .whereIn("a.status", PAYABLE_STATUSES)
    .whereNotExists((q) => q.select(db.raw("1")).from("bill_splits as s").whereRaw("s.application_id = a.id"))
    .whereNotExists((q) =>
      q.select(db.raw("1")).from("payments as p").whereRaw("p.application_id = a.id").where({ "p.state": "awaiting_confirmation" }),
    )
    .orderBy("a.created_at")
    .orderBy("a.id")
    .select("a.*");
}

/** In the transaction that splits or pays the group's bill: who it covers is written down, each with their fee. */
export async function freezeMembers(trx: Knex.Transaction, leadId: string, members: { id: string; feeUsdCents: number }[]): Promise<void> {
  for (const m of members) {
    await trx("visa_applications").where({ id: m.id, group_lead_id: leadId }).whereNull("billed_with_id").update({
      billed_with_id: leadId,
      billed_fee_usd_cents: m.feeUsdCents,
      updated_at: trx.fn.now(),
    });
  }
}

/**
 * The lead's bill is paid: each covered member still payable is paid too, with their own share as amount_paid and the
 * group's payment's reference followed by their case's ("PAY-…/HG-…": a payment reference is one case's).
 */
export async function markMembersPaid(trx: Knex.Transaction, leadId: string, reference: string, paidAt: Date): Promise<ApplicationRow[]> {
  return trx("visa_applications")
    .where({ group_lead_id: leadId, billed_with_id: leadId, payment_status: "pending" })
    .whereIn("status", PAYABLE_STATUSES)
    .update({
      payment_status: "paid",
      amount_paid: trx.raw("billed_fee_usd_cents / 100.0"),
      // One payment reference per case (unique): the group's payment's, then the member's own case reference.
      payment_reference: trx.raw("? || '/' || reference_number", [reference]),
      paid_at: paidAt,
      updated_at: trx.fn.now(),
    })
    .returning("*");
}

/** The lead's payment was refunded: the members it paid for are marked refunded with it. */
export async function markMembersRefunded(trx: Knex.Transaction, leadId: string): Promise<number> {
  return trx("visa_applications")
    .where({ group_lead_id: leadId, billed_with_id: leadId, payment_status: "paid" })
    .update({ payment_status: "refunded", updated_at: trx.fn.now() });
}

export async function writeFamilyRate(trx: Knex.Transaction, leadId: string, percent: number | null): Promise<void> {
  await trx("visa_applications").where({ id: leadId }).update({ family_rate_percent: percent, updated_at: trx.fn.now() });
}

/** Names and references of cases (a receipt's covered members), in the order given. */
export async function peopleOf(db: Knex, ids: readonly string[]): Promise<{ id: string; full_name: string | null; reference_number: string }[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows: { id: string; full_name: string | null; reference_number: string }[] = await db("visa_applications")
    .whereIn("id", valid)
    .select("id", "full_name", "reference_number");
  return valid.flatMap((id) => rows.filter((r) => r.id === id));
}

/**
 * A family case became payable or stopped being (submitted, refused, sent back): who the lead's open group bill covers
 * moves, so the quotes still waiting for money close (as any change to a bill closes them). A member's: the lead's
 * quotes. A lead's: the members' own, which the lead's bill may now carry. Only the payments are written here, skipping
 * any being settled (no case row is locked but the one changing): money arriving on a quote this missed is held for
 * staff, as settlement compares who a payment covers with who the bill covers.
 */
export async function groupCoverMoved(
  trx: Knex.Transaction,
  row: Pick<ApplicationRow, "id" | "group_lead_id" | "payment_status">,
  from: string,
  to: string,
): Promise<void> {
  if (isPayableStatus(from) === isPayableStatus(to)) return;
  if (!row.group_lead_id) {
    // Submitted (or back among the payable statuses): the members its bill takes in pay no more on their own.
    if (!isPayableStatus(to) || row.payment_status !== "pending") return;
    if (await trx("bill_splits").where({ application_id: row.id }).first("application_id")) return;
    for (const m of await openMembers(trx, row.id)) await closeOpenQuotes(trx, m.id);
    return;
  }
  const lead = await trx("visa_applications").where({ id: row.group_lead_id }).first("id", "payment_status");
  if (lead?.payment_status !== "pending") return;
  if (await trx("bill_splits").where({ application_id: lead.id }).first("application_id")) return;
  await closeOpenQuotes(trx, lead.id);
}
