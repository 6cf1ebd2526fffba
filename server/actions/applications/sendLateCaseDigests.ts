// The working morning's e-mail to each staff member listing their late cases: one per person and Lagos day however
// often the job runs (the day's row is claimed in the transaction that queues the e-mail); none on a weekend, none
// without a late case, none to a deactivated person. Cases late at the embassy (lodged, waiting past their
// destination's usual decision time) are a section of the same e-mail.
import { lagosDay, weekdayOf } from "../../domain/calendar.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import type { EmbassyLateLine, LateCaseLine } from "../../mail/deskMessages.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { type LateAtEmbassyRow, lateAtEmbassyOfStaff } from "../../models/decisionTimes.ts";
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
  // Its own section: lodged cases waiting past their destination's usual decision time.
  const atEmbassy = new Map<string, LateAtEmbassyRow[]>();
  for (const row of await lateAtEmbassyOfStaff(db, day))
    if (row.assignee_id) atEmbassy.set(row.assignee_id, [...(atEmbassy.get(row.assignee_id) ?? []), row]);
  let sent = 0;
  for (const userId of new Set([...byStaff.keys(), ...atEmbassy.keys()])) {
    const cases = byStaff.get(userId) ?? [];
    const embassy = atEmbassy.get(userId) ?? [];
    const lines: LateCaseLine[] = cases.map((c) => ({
      reference: c.reference_number,
      applicant: c.applicant_name ?? "",
      status: c.status,
      since: lagosDay(new Date(c.status_since)),
    }));
    const embassyLines: EmbassyLateLine[] = embassy.map((c) => ({
      reference: c.reference_number,
      applicant: c.applicant_name ?? "",
      destination: c.destination,
      lodgedOn: c.lodged_on,
      daysWaiting: c.days_waiting,
      usualDays: c.usual_days,
    }));
    const person = cases[0] ?? { assignee_email: embassy[0].assignee_email ?? "", assignee_name: embassy[0].assignee_name ?? "" };
    await db.transaction(async (trx) => {
      if (!(await claimDigest(trx, userId, day, cases.length + embassy.length))) return;
      const messageId = await outbox.queue(trx, {
        kind: "late_cases",
        to: person.assignee_email,
        userId,
        data: { name: firstName(person.assignee_name), cases: JSON.stringify(lines), embassy: JSON.stringify(embassyLines) },
      });
      await recordDigestMessage(trx, userId, day, messageId);
      sent += 1;
    });
  }
  return { sent };
}
