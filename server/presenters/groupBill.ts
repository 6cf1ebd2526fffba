// A family group's one bill on the staff's case page: on the lead's case, the family rate's form and the people a
// line may name; on a covered member's case, where the group's bill is instead.
import type { Knex } from "knex";
import type { BillCardProps } from "../../views/components/admin/BillCard.tsx";
import { coveredBy, groupBillOf } from "../actions/payments/groupBill.ts";
import { FAMILY_RATE_FROZEN, GROUP_BILL } from "../domain/familyBill.ts";
import type { ApplicationRow } from "../models/applications.ts";
import { leadsAGroup } from "../models/familyGroups.ts";

type GroupProps = Pick<BillCardProps, "people" | "familyRate" | "groupBill">;

const nameOf = (r: Pick<ApplicationRow, "full_name" | "reference_number">) => `${r.full_name?.trim() || "No name yet"} (${r.reference_number})`;

export async function groupBillCard(db: Knex, row: ApplicationRow): Promise<GroupProps> {
  if (row.group_lead_id) {
    const lead = await coveredBy(db, row);
    return {
      people: [],
      familyRate: null,
      groupBill: lead ? { text: GROUP_BILL(lead.reference_number), href: `/admin/application/${lead.id}#bill` } : null,
    };
  }
  if (!(await leadsAGroup(db, row.id))) return { people: [], familyRate: null, groupBill: null };
  const group = await groupBillOf(db, row);
  const members = group?.members ?? [];
  return {
    people: members.length ? [{ value: row.id, label: nameOf(row) }, ...members.map((m) => ({ value: m.row.id, label: nameOf(m.row) }))] : [],
    familyRate: { percent: group?.ratePercent ?? null, frozen: group?.frozen ? FAMILY_RATE_FROZEN : null, members: members.length },
    groupBill: null,
  };
}
