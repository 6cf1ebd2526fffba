// The staff's calendar of visa-centre appointments (SQL only): the current booked appointment of each approved case in
// a time range, one officer's cases or everyone's, with whether its biometrics are recorded. The range is a scan of
// the partial index case_stages_appointment_at_idx; the biometrics check is the current-stage key.
import type { Knex } from "knex";

export interface CalendarRow {
  stage_id: string;
  application_id: string;
  appointment_at: Date;
  centre_reference: string | null;
  centre_name: string | null;
  reference_number: string;
  applicant_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  attended: boolean;
}

/** At most this many on a page: a week of one busy office is far fewer. */
export const CALENDAR_LIMIT = 500;

export async function appointmentsBetween(db: Knex, opts: { from: Date; to: Date; assigneeId?: string }): Promise<CalendarRow[]> {
  const q = db("case_stages as s")
    .join("visa_applications as a", "a.id", "s.application_id")
    .leftJoin("visa_centres as c", "c.id", "s.centre_id")
    .leftJoin("users as u", "u.id", "a.assignee_id")
    .where("s.stage", "appointment")
    .where("s.state", "done")
    .whereNull("s.ended_at")
    .where("s.appointment_at", ">=", opts.from)
    .where("s.appointment_at", "<", opts.to)
    .where("a.status", "approved")
    .orderBy([{ column: "s.appointment_at" }, { column: "s.id" }])
    .limit(CALENDAR_LIMIT)
    .select(
      "s.id as stage_id",
      "s.application_id",
      "s.appointment_at",
      db.raw("s.details->>'centreReference' AS centre_reference"),
      "c.name as centre_name",
      "a.reference_number",
      "a.full_name as applicant_name",
      "a.assignee_id",
      "u.full_name as assignee_name",
      db.raw(
        "EXISTS (SELECT 1 FROM case_stages b WHERE b.application_id = s.application_id AND b.stage = 'biometrics' AND b.ended_at IS NULL) AS attended",
      ),
    );
  if (opts.assigneeId) q.where("a.assignee_id", opts.assigneeId);
  return q;
}
