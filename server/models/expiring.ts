// The staff's lists of passports and visas expiring (SQL only): open cases whose passport expires within six months
// of the planned return date, the trip still ahead; and issued visas ending within 30 days for clients with more than
// one application. One officer's cases, or everyone's. Each is a range of its partial index
// (visa_applications_passport_short_idx, case_stages_visa_valid_to_idx).
import type { Knex } from "knex";

export const EXPIRING_LIMIT = 200;

export interface ShortPassportRow {
  id: string;
  reference_number: string;
  full_name: string | null;
  phone: string | null;
  destination_country: string | null;
  passport_expiry_date: string;
  departure_date: string;
  assignee_name: string | null;
}

export async function shortPassports(db: Knex, opts: { today: string; assigneeId?: string }): Promise<ShortPassportRow[]> {
  const q = db("visa_applications as a")
    .leftJoin("users as u", "u.id", "a.assignee_id")
    .whereIn("a.status", ["submitted", "under_review", "approved"])
    .whereRaw("a.passport_expiry_date < a.departure_date + interval '6 months'")
    .where("a.departure_date", ">=", opts.today)
    .orderBy([{ column: "a.departure_date" }, { column: "a.id" }])
    .limit(EXPIRING_LIMIT)
    .select(
      "a.id",
      "a.reference_number",
      "a.full_name",
      "a.phone",
      "a.destination_country",
      db.raw("to_char(a.passport_expiry_date, 'YYYY-MM-DD') AS passport_expiry_date"),
      db.raw("to_char(a.departure_date, 'YYYY-MM-DD') AS departure_date"),
      "u.full_name as assignee_name",
    );
  if (opts.assigneeId) q.where("a.assignee_id", opts.assigneeId);
  return q;
}

export interface VisaEndingRow {
  id: string;
  reference_number: string;
  full_name: string | null;
  phone: string | null;
  destination_country: string | null;
  visa_type: string | null;
  valid_to: string;
  applications: number;
  assignee_name: string | null;
}

export async function visasEnding(db: Knex, opts: { today: string; until: string; assigneeId?: string }): Promise<VisaEndingRow[]> {
  const q = db("case_stages as s")
    .join("visa_applications as a", "a.id", "s.application_id")
    .leftJoin("users as u", "u.id", "a.assignee_id")
    .where("s.stage", "decision")
    .whereNull("s.ended_at")
    .whereRaw("s.details->>'outcome' = 'issued'")
    .whereRaw("s.details->>'validTo' >= ?", [opts.today])
    .whereRaw("s.details->>'validTo' <= ?", [opts.until])
    // A client with more than one application (drafts not counted): someone who comes back.
    .whereRaw("(SELECT count(*) FROM visa_applications o WHERE o.user_id = a.user_id AND o.status <> 'draft') > 1")
    .orderByRaw("s.details->>'validTo', a.id")
    .limit(EXPIRING_LIMIT)
    .select(
      "a.id",
      "a.reference_number",
      "a.full_name",
      "a.phone",
      "a.destination_country",
      db.raw("s.details->>'visaType' AS visa_type"),
      db.raw("s.details->>'validTo' AS valid_to"),
      db.raw("(SELECT count(*)::int FROM visa_applications o WHERE o.user_id = a.user_id AND o.status <> 'draft') AS applications"),
      "u.full_name as assignee_name",
    );
  if (opts.assigneeId) q.where("a.assignee_id", opts.assigneeId);
  return q;
}
