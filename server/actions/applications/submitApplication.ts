// An applicant submits a complete draft: the check, the status and its history row, the confirmation and the office's
// notice, the case's officer (round-robin), the lead moved to applied, and the audit entry, in one transaction that
// holds the row's lock, so what is submitted is what was checked.

import { type SubmissionCheck, submissionCheck } from "../../domain/completeness.ts";
import { problemFields } from "../../domain/formats.ts";
import { planStatusChange } from "../../domain/status.ts";
import { queueSubmittedMessages } from "../../mail/applicationMessages.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { readExpiryOf } from "../../models/passportReads.ts";
import { lockApplication, writeStatusChange } from "../../models/statusChanges.ts";
import { feeText } from "../../presenters/payment.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, type Refusal, refuse } from "../action.ts";
import { recordApplicantEvent } from "../leads/recordLeadEvent.ts";
import { assignOnSubmission } from "./assignCase.ts";
import { ALREADY_SUBMITTED, LOAD_FAILED } from "./refusals.ts";

/** The 400 of an incomplete draft: besides the message and fields, what the review page lists. */
export interface Incomplete extends Refusal {
  incomplete: Pick<SubmissionCheck, "missing" | "invalid" | "blocking">;
}

export async function submitApplication(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string },
): Promise<Outcome<{ row: ApplicationRow }> | Incomplete> {
  return db.transaction(async (trx) => {
    const row = await lockApplication(trx, input.applicationId);
    if (!row || row.user_id !== actor.userId) return refuse(404, LOAD_FAILED);
    if (row.status !== "draft") return refuse(409, ALREADY_SUBMITTED);
    // The passport's validity goes by the expiry date read from the scan when its zone was read.
    const check = submissionCheck(row, { readExpiry: await readExpiryOf(trx, row.id) });
    if (!check.ok) return incomplete(check);
    const plan = planStatusChange({ from: row, to: "submitted", who: "applicant", note: null });
    if ("refused" in plan || !plan.changed) return refuse(409, ALREADY_SUBMITTED);
    const { row: submitted } = await writeStatusChange(trx, {
      row,
      to: "submitted",
      by: actor.userId,
      note: null,
      setSubmittedAt: plan.setSubmittedAt,
    });
    // The fee in the currency it is charged in, as the application page names it today.
    await queueSubmittedMessages(outbox, trx, submitted, config.mail.staffInbox, await feeText(trx, config, submitted));
    await assignOnSubmission(trx, outbox, actor, submitted);
    await recordApplicantEvent(trx, { userId: row.user_id, kind: "submitted", applicationId: row.id });
    await auditAs(trx, actor, {
      action: "status_changed",
      subjectType: "application",
      subjectId: row.id,
      details: { from: "draft", to: "submitted" },
    });
    return { ok: true, row: submitted };
  });
}

/** What is missing, in a format the field list refuses, or wrong with the passport: the first of these is the message. */
function incomplete({ missing, invalid, blocking }: SubmissionCheck): Incomplete {
  const fields: Record<string, string> = problemFields(invalid);
  for (const m of missing) fields[m.key] = `${m.label} is required (step ${m.step})`;
  if (blocking.length) fields.passport_expiry_date = blocking[0];
  const message = missing.length
    ? `Some required information is missing: ${missing.map((m) => m.label).join(", ")}.`
    : invalid.length
      ? `Some answers are not in a valid format: ${invalid.map((m) => m.label).join(", ")}.`
      : blocking[0];
  return { ...refuse(400, message, fields), incomplete: { missing, invalid, blocking } };
}
