// Staff mark an enquiry new, replied or closed: the status and its audit entry, together.
import { type EnquiryRow, updateEnquiryStatus } from "../../models/enquiries.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { ENQUIRY_NOT_FOUND } from "./replyToEnquiry.ts";

export async function setEnquiryStatus(
  { db }: ActionContext,
  actor: Actor,
  input: { enquiryId: string; status: EnquiryRow["status"] },
): Promise<Outcome<{ enquiry: EnquiryRow }>> {
  return db.transaction(async (trx) => {
    const row = await updateEnquiryStatus(trx, input.enquiryId, input.status);
    if (!row) return refuse(404, ENQUIRY_NOT_FOUND);
    await auditAs(trx, actor, { action: "enquiry_status_changed", subjectType: "enquiry", subjectId: row.id, details: { to: row.status } });
    return { ok: true, enquiry: row };
  });
}
