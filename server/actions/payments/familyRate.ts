// Staff set a family group's rate on the lead's bill: the members' service fee as a percentage of the price list
// (1–100; the lead always pays the full fee), or clear it, with the reason; audited. Whoever may work the lead's case
// (its officer, a manager), as for a bill's lines. It moves the bill's version on and closes, in the same
// transaction, the quotes still waiting for money. Refused once the group's bill is split or paid (who it covers and
// what each owes are frozen then), on a member's case, and while a transfer's proof waits for staff.
import {
  FAMILY_RATE_FROZEN,
  FAMILY_RATE_INVALID,
  FAMILY_RATE_REASON,
  FAMILY_RATE_REASON_LONG,
  GROUP_BILL,
  NOT_A_GROUP,
  parseFamilyRate,
} from "../../domain/familyBill.ts";
import { nextBillVersion } from "../../models/bills.ts";
import { leadsAGroup } from "../../models/familyGroups.ts";
import { type BilledRow, writeFamilyRate } from "../../models/groupBills.ts";
import { findSplit } from "../../models/instalments.ts";
import { closeOpenQuotes, transferAwaitingStaff } from "../../models/payments.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { BILL_TRANSFER_WAITS } from "./billRules.ts";
import { coveredBy } from "./groupBill.ts";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** `fields`: {percent, reason} sets the rate; {clear: "1", reason} clears it. */
export async function setFamilyRate(
  { db }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; fields: Record<string, unknown> },
): Promise<Outcome<{ percent: number | null }>> {
  return db.transaction(async (trx) => {
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.group_lead_id) {
      const lead = await coveredBy(trx, app);
      return refuse(409, lead ? GROUP_BILL(lead.reference_number) : NOT_A_GROUP);
    }
    if (!(await leadsAGroup(trx, app.id))) return refuse(409, NOT_A_GROUP);
    if (app.payment_status !== "pending" || (await findSplit(trx, app.id))) return refuse(409, FAMILY_RATE_FROZEN);
    if (await transferAwaitingStaff(trx, app.id)) return refuse(409, BILL_TRANSFER_WAITS);
    const clear = text(input.fields.clear) !== "";
    const percent = clear ? null : parseFamilyRate(input.fields.percent);
    if (percent === undefined) return refuse(400, FAMILY_RATE_INVALID, { percent: FAMILY_RATE_INVALID });
    const reason = text(input.fields.reason);
    if (!reason) return refuse(400, FAMILY_RATE_REASON, { reason: FAMILY_RATE_REASON });
    if (reason.length > 500) return refuse(400, FAMILY_RATE_REASON_LONG, { reason: FAMILY_RATE_REASON_LONG });
    const before = (app as BilledRow).family_rate_percent ?? null;
    await writeFamilyRate(trx, app.id, percent);
    const version = await nextBillVersion(trx, app.id);
    const closed = await closeOpenQuotes(trx, app.id);
    await auditAs(trx, actor, {
      action: "family_rate_set",
      subjectType: "application",
      subjectId: app.id,
      details: { percent, before, reason, version, closed },
    });
    return { ok: true, percent };
  });
}
