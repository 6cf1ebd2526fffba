// Which family members the lead's bill covers, and what each owes (domain/familyBill.ts): while the bill may still
// change, the group's submitted members whose own fee is not paid or under way; once it is split or paid, those it
// covered then (models/groupBills.ts). A covered member's case has no bill of its own.
import type { Knex } from "knex";
import { memberFeeUsdCents } from "../../domain/familyBill.ts";
import { PAYABLE_STATUSES } from "../../domain/status.ts";
import { feeFor } from "../../domain/visa.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { type BilledRow, freezeMembers, frozenMembers, isPayableStatus, openMembers } from "../../models/groupBills.ts";
import { findSplit } from "../../models/instalments.ts";

export interface GroupMember {
  row: BilledRow;
  /** Their service fee in dollar cents, after the family rate. */
  feeUsdCents: number;
}

export interface GroupBill {
  /** Split or paid (wholly or in part): who it covers no longer changes. */
  frozen: boolean;
  members: GroupMember[];
  ratePercent: number | null;
}

/** The group bill a lead's case carries (members possibly none); undefined for a member's case. */
export async function groupBillOf(db: Knex, lead: ApplicationRow): Promise<GroupBill | undefined> {
  if (lead.group_lead_id) return undefined;
  const ratePercent = (lead as BilledRow).family_rate_percent ?? null;
  const frozen = lead.payment_status !== "pending" || Boolean(await findSplit(db, lead.id));
  if (frozen) {
    const members = await frozenMembers(db, lead.id);
    return { frozen, ratePercent, members: members.map((row) => ({ row, feeUsdCents: Number(row.billed_fee_usd_cents) })) };
  }
  // A lead not yet submitted (or refused) carries no one's fee: each member pays their own as alone.
  if (!isPayableStatus(lead.status)) return { frozen, ratePercent, members: [] };
  const members = await openMembers(db, lead.id);
  return { frozen, ratePercent, members: members.map((row) => ({ row, feeUsdCents: memberFeeUsdCents(row.visa_type, ratePercent) })) };
}

/** The covered members' ids, oldest first: what a payment of the group's bill records (payments.covers). */
export const coverOf = (group: GroupBill | undefined): string[] => group?.members.map((m) => m.row.id) ?? [];

/** The service fee the group's bill owes in dollar cents now (not split): the lead's price list and each member's. */
export const groupFeeUsdCents = (lead: Pick<ApplicationRow, "visa_type">, group: GroupBill | undefined): number =>
  feeFor(lead.visa_type) * 100 + (group?.members.reduce((s, m) => s + m.feeUsdCents, 0) ?? 0);

/** The lead's case whose bill covers this member's case, if any (its reference names it). */
export async function coveredBy(db: Knex, row: ApplicationRow): Promise<ApplicationRow | undefined> {
  if (!row.group_lead_id) return undefined;
  const lead = await db<ApplicationRow>("visa_applications").where({ id: row.group_lead_id }).first();
  if (!lead) return undefined;
  if ((row as BilledRow).billed_with_id === lead.id) return lead;
  const group = await groupBillOf(db, lead);
  return group?.members.some((m) => m.row.id === row.id) ? lead : undefined;
}

/**
 * How many fees of their own the account's applications owe now: the payable, unpaid ones, less the family members whose
 * fee a lead's bill carries (the payment page says a transfer to an own account is held when there is more than one).
 */
export async function ownFeesOwed(db: Knex, userId: string): Promise<number> {
  const rows = await db<ApplicationRow>("visa_applications")
    .where({ user_id: userId, payment_status: "pending" })
    .whereIn("status", PAYABLE_STATUSES);
  let owed = 0;
  for (const row of rows) if (!(await coveredBy(db, row))) owed++;
  return owed;
}

/**
 * A family member's case its lead's bill does not cover because that bill was split or paid before (it pays its own):
 * the lead's case, to name it; undefined otherwise (not a member, covered, or the lead's bill still open or not due).
 */
export async function leadBilledWithout(db: Knex, row: ApplicationRow): Promise<ApplicationRow | undefined> {
  if (!row.group_lead_id || (row as BilledRow).billed_with_id || !isPayableStatus(row.status)) return undefined;
  const lead = await db<ApplicationRow>("visa_applications").where({ id: row.group_lead_id }).first();
  if (!lead || lead.payment_status === "refunded") return undefined;
  const group = await groupBillOf(db, lead);
  return group?.frozen && !group.members.some((m) => m.row.id === row.id) ? lead : undefined;
}

/** In the transaction that splits or pays the group's bill: who it covers is frozen. */
export async function freezeGroup(trx: Knex.Transaction, leadId: string, group: GroupBill | undefined): Promise<void> {
  if (!group || group.frozen || group.members.length === 0) return;
  await freezeMembers(
    trx,
    leadId,
    group.members.map((m) => ({ id: m.row.id, feeUsdCents: m.feeUsdCents })),
  );
}
