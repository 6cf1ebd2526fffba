// The reminder job of document requests: two days before a due date, the applicant hears what is still open.
import type { Knex } from "knex";
import { reminderAt } from "../domain/documentRequests.ts";
import { addJob } from "../models/jobs.ts";

export const REQUEST_REMINDER_TASK = "document_request_reminder";

/**
 * Queues the reminder of an application's requests due on `dueOn` (one job per application and date: requests made
 * together, or again for the same day, are reminded once). Nothing when that moment has already passed.
 */
export async function queueReminder(trx: Knex.Transaction, applicationId: string, dueOn: string, now: Date): Promise<void> {
  const runAt = reminderAt(dueOn);
  if (runAt <= now) return;
  await addJob(trx, REQUEST_REMINDER_TASK, { applicationId, dueOn }, { maxAttempts: 5, jobKey: `request-reminder:${applicationId}:${dueOn}`, runAt });
}
