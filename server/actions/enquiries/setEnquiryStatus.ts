// Staff mark an enquiry new, replied or closed: the status and its audit entry, together.
import { type EnquiryRow, findEnquiry, updateEnquiryStatus } from "../../models/enquiries.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { ENQUIRY_NOT_FOUND } from "./replyToEnquiry.ts";

const statusMovedOn = (current: string) =>
  `This enquiry was marked ${current[0].toUpperCase()}${current.slice(1)} since you opened it. Reload and choose again.`;

export async function setEnquiryStatus(
  { db }: ActionContext,
  actor: Actor,
  input: { enquiryId: string; status: EnquiryRow["status"]; shownStatus: EnquiryRow["status"] },
): Promise<Outcome<{ enquiry: EnquiryRow }>> {
  return db.transaction(async (trx) => {
    const row = await updateEnquiryStatus(trx, input.enquiryId, { from: input.shownStatus, to: input.status });
    if (!row) {
      // Not changed: no such enquiry, or someone changed its status since the page showed it (then nothing is applied).
      const current = await findEnquiry(trx, input.enquiryId);
      return current ? refuse(409, statusMovedOn(current.status)) : refuse(404, ENQUIRY_NOT_FOUND);
    }
    await auditAs(trx, actor, { action: "enquiry_status_changed", subjectType: "enquiry", subjectId: row.id, details: { to: row.status } });
    return { ok: true, enquiry: row };
  });
}
