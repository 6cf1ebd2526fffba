// The lead applicant submits their family's applications together: each one the lead saw on the group's page that is
// complete now is submitted, one after the other, exactly as it would be on its own (its check, its case, its e-mails);
// the ones not ready are named with what they still need, and stay drafts.
import { submissionCheck } from "../../domain/completeness.ts";
import { type ApplicationRow, findById } from "../../models/applications.ts";
import { membersOf } from "../../models/familyGroups.ts";
import { readExpiryOf } from "../../models/passportReads.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { ALREADY_SUBMITTED, LOAD_FAILED } from "../applications/refusals.ts";
import { submitApplication } from "../applications/submitApplication.ts";
import { MEMBER_NOT_LEAD } from "./addMember.ts";

export const NOTHING_TO_SUBMIT = "Everyone in this group has already been submitted.";
export const NOBODY_READY = "Nobody chosen is ready to submit yet: finish their missing answers first.";
export const CHOOSE_SOMEONE = "Choose at least one person to submit.";

export interface NotReady {
  row: ApplicationRow;
  /** What they still need, in the wizard's words (the first few). */
  needs: string[];
}

export async function submitGroup(
  context: ActionContext,
  actor: Actor & { userId: string },
  input: { leadId: string; chosen: string[] },
): Promise<Outcome<{ submitted: ApplicationRow[]; notReady: NotReady[]; already: ApplicationRow[] }>> {
  const { db } = context;
  const lead = await findById(db, input.leadId);
  if (!lead || lead.user_id !== actor.userId) return refuse(404, LOAD_FAILED);
  if (lead.group_lead_id) {
    const top = await findById(db, lead.group_lead_id);
    return refuse(409, MEMBER_NOT_LEAD(top?.reference_number ?? "the first application"));
  }
  // Only people of this group: an id of anyone else is ignored, as if it had not been sent.
  const group = [lead, ...(await membersOf(db, lead.id))];
  const picked = group.filter((r) => input.chosen.includes(r.id));
  const chosen = picked.filter((r) => r.status === "draft");
  // Those chosen and submitted already (the form sent twice): done, not refused.
  const already = picked.filter((r) => r.status !== "draft");
  if (!chosen.length && already.length) return { ok: true, submitted: [], notReady: [], already };
  if (!group.some((r) => r.status === "draft")) return refuse(409, NOTHING_TO_SUBMIT);
  if (!chosen.length) return refuse(400, CHOOSE_SOMEONE);
  const submitted: ApplicationRow[] = [];
  const notReady: NotReady[] = [];
  for (const row of chosen) {
    const check = submissionCheck(row, { readExpiry: await readExpiryOf(db, row.id) });
    if (!check.ok) {
      notReady.push({ row, needs: [...check.blocking, ...check.missing.map((m) => m.label), ...check.invalid.map((i) => i.label)].slice(0, 3) });
      continue;
    }
    // Its own transaction, check and lock (actions/applications/submitApplication.ts): what is submitted is what was checked.
    const outcome = await submitApplication(context, actor, { applicationId: row.id });
    if (outcome.ok) submitted.push(outcome.row);
    else if (outcome.message === ALREADY_SUBMITTED) already.push(row);
    else notReady.push({ row, needs: [outcome.message] });
  }
  if (!submitted.length && !already.length) return refuse(400, NOBODY_READY);
  return { ok: true, submitted, notReady, already };
}
