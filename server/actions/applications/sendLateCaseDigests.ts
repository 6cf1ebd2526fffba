// The working morning's e-mail to each staff member listing their late cases: one per person and Lagos day however
// often the job runs (the day's row is claimed in the transaction that queues the e-mail); none on a weekend, none
// without a late case, none to a deactivated person.
import { lagosDay, weekdayOf } from "../../domain/calendar.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import type { LateCaseLine } from "../../mail/deskMessages.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { claimDigest, type LateCaseRow, lateCasesOfStaff, recordDigestMessage } from "../../models/lateCases.ts";
import type { ActionContext } from "../action.ts";

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

export async function sendLateCaseDigests({ db, outbox }: ActionContext, now: Date): Promise<{ sent: number }> {
  const day = lagosDay(now);
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return { sent: 0 };
  const rows = await lateCasesOfStaff(db, lateCutoffs(await deadlineLimits(db), now));
  const byStaff = new Map<string, LateCaseRow[]>();
  for (const row of rows) byStaff.set(row.assignee_id, [...(byStaff.get(row.assignee_id) ?? []), row]);
  let sent = 0;
  for (const [userId, cases] of byStaff) {
    const lines: LateCaseLine[] = cases.map((c) => ({
      reference: c.reference_number,
      applicant: c.applicant_name ?? "",
      status: c.status,
      since: lagosDay(new Date(c.status_since)),
    }));
    await db.transaction(async (trx) => {
      if (!(await claimDigest(trx, userId, day, cases.length))) return;
      const messageId = await outbox.queue(trx, {
        kind: "late_cases",
        to: cases[0].assignee_email,
        userId,
        data: { name: firstName(cases[0].assignee_name), cases: JSON.stringify(lines) },
      });
      await recordDigestMessage(trx, userId, day, messageId);
      sent += 1;
    });
  }
  return { sent };
}
