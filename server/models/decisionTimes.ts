// The usual decision time per destination (managers' setting), the cases lodged and still waiting past it ("late at
// the embassy"), and whether the success stories page shows the decisions (SQL only). The late list is a range of
// case_stages_awaiting_decision_idx per destination; the owner's figures themselves are in decisionMonths.ts.
import type { Knex } from "knex";

export interface DecisionTimeRow {
  destination: string;
  usual_days: number;
  source: string;
  /** YYYY-MM-DD */
  checked_on: string;
  updated_by_name: string | null;
  updated_at: Date;
}

export async function listDecisionTimes(db: Knex): Promise<DecisionTimeRow[]> {
  return db("decision_times as t")
    .leftJoin("users as u", "u.id", "t.updated_by")
    .orderBy("t.destination")
    .select(
      "t.destination",
      "t.usual_days",
      "t.source",
      db.raw("to_char(t.checked_on, 'YYYY-MM-DD') AS checked_on"),
      "u.full_name as updated_by_name",
      "t.updated_at",
    );
}

export async function findDecisionTime(db: Knex, destination: string): Promise<DecisionTimeRow | undefined> {
  return (await listDecisionTimes(db)).find((r) => r.destination === destination);
}

/** Sets a destination's usual time; the row as it was before (undefined: none). */
export async function saveDecisionTime(
  trx: Knex.Transaction,
  by: string,
  v: { destination: string; usualDays: number; source: string; checkedOn: string },
): Promise<{ usual_days: number; source: string; checked_on: string } | undefined> {
  const before = await trx("decision_times")
    .where({ destination: v.destination })
    .forUpdate()
    .first("usual_days", "source", trx.raw("to_char(checked_on, 'YYYY-MM-DD') AS checked_on"));
  await trx("decision_times")
    .insert({ destination: v.destination, usual_days: v.usualDays, source: v.source, checked_on: v.checkedOn, updated_by: by })
    .onConflict("destination")
    .merge({ usual_days: v.usualDays, source: v.source, checked_on: v.checkedOn, updated_by: by, updated_at: trx.fn.now() });
  return before;
}

export const LATE_AT_EMBASSY_LIMIT = 200;

export interface LateAtEmbassyRow {
  id: string;
  reference_number: string;
  applicant_name: string | null;
  destination: string;
  /** YYYY-MM-DD, the Lagos day the form was lodged. */
  lodged_on: string;
  days_waiting: number;
  usual_days: number;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
}

/**
 * Approved cases lodged with no decision recorded, whose lodging is more than their destination's usual days before
 * `today` (a Lagos day): waiting exactly the usual days is not late yet. Longest waiting past their usual time first.
 * `assigneeId`: one officer's cases; `activeAssignees`: only cases of staff who can act on them (the morning e-mail).
 */
export function lateAtEmbassyQuery(db: Knex, opts: { today: string; assigneeId?: string; activeAssignees?: boolean }) {
  const q = db("decision_times as t")
    .join("case_stages as l", (j) =>
      j
        .on("l.destination", "t.destination")
        .andOn(db.raw("l.stage = 'lodged' AND l.state = 'done' AND l.ended_at IS NULL AND l.decided_on IS NULL"))
        .andOn(db.raw("l.on_date < ?::date - t.usual_days", [opts.today])),
    )
    .join("visa_applications as a", "a.id", "l.application_id")
    .leftJoin("users as u", "u.id", "a.assignee_id")
    .where("a.status", "approved");
  if (opts.assigneeId) q.where("a.assignee_id", opts.assigneeId);
  if (opts.activeAssignees)
    q.whereNull("u.deactivated_at")
      .whereNotNull("u.totp_enabled_at")
      .whereExists(db("user_roles as r").whereRaw("r.user_id = u.id").select(db.raw("1")));
  return q;
}

const LATE_COLUMNS = (db: Knex, today: string) => [
  "a.id",
  "a.reference_number",
  "a.full_name as applicant_name",
  "l.destination",
  db.raw("to_char(l.on_date, 'YYYY-MM-DD') AS lodged_on"),
  db.raw("(?::date - l.on_date) AS days_waiting", [today]),
  "t.usual_days",
  "a.assignee_id",
  "u.full_name as assignee_name",
  "u.email as assignee_email",
];

export async function lateAtEmbassy(db: Knex, opts: { today: string; assigneeId?: string }): Promise<LateAtEmbassyRow[]> {
  return lateAtEmbassyQuery(db, opts)
    .orderByRaw("(?::date - l.on_date) - t.usual_days DESC, a.id", [opts.today])
    .limit(LATE_AT_EMBASSY_LIMIT)
    .select(LATE_COLUMNS(db, opts.today))
    .then((rows) => rows.map((r) => ({ ...r, days_waiting: Number(r.days_waiting) })));
}

/** Every such case with an active assignee, by assignee: the morning e-mail's section. */
export async function lateAtEmbassyOfStaff(db: Knex, today: string): Promise<LateAtEmbassyRow[]> {
  const rows = await lateAtEmbassyQuery(db, { today, activeAssignees: true })
    .orderByRaw("a.assignee_id, (?::date - l.on_date) - t.usual_days DESC, a.id", [today])
    .select(LATE_COLUMNS(db, today));
  return rows.map((r) => ({ ...r, days_waiting: Number(r.days_waiting) }));
}

/** One case's wait at the embassy, when it is lodged, undecided and its destination has a usual time. */
export async function embassyWait(
  db: Knex,
  applicationId: string,
  today: string,
): Promise<{ destination: string; lodgedOn: string; daysWaiting: number; usualDays: number; source: string; checkedOn: string } | null> {
  const row = await db("case_stages as l")
    .join("decision_times as t", "t.destination", "l.destination")
    .where({ "l.application_id": applicationId, "l.stage": "lodged", "l.state": "done" })
    .whereNull("l.ended_at")
    .whereNull("l.decided_on")
    .first(
      "l.destination",
      db.raw("to_char(l.on_date, 'YYYY-MM-DD') AS lodged_on"),
      db.raw("(?::date - l.on_date) AS days_waiting", [today]),
      "t.usual_days",
      "t.source",
      db.raw("to_char(t.checked_on, 'YYYY-MM-DD') AS checked_on"),
    );
  if (!row) return null;
  return {
    destination: row.destination,
    lodgedOn: row.lodged_on,
    daysWaiting: Number(row.days_waiting),
    usualDays: row.usual_days,
    source: row.source,
    checkedOn: row.checked_on,
  };
}

export interface PublicFiguresSetting {
  from_decisions: boolean;
  months: number;
}

export async function publicFiguresSetting(db: Knex): Promise<PublicFiguresSetting> {
  return (await db("public_figures").first("from_decisions", "months")) ?? { from_decisions: false, months: 12 };
}

export async function savePublicFigures(trx: Knex.Transaction, by: string, v: PublicFiguresSetting): Promise<PublicFiguresSetting | undefined> {
  const before = await trx("public_figures").forUpdate().first("from_decisions", "months");
  await trx("public_figures")
    .insert({ id: true, ...v, updated_by: by })
    .onConflict("id")
    .merge({ ...v, updated_by: by, updated_at: trx.fn.now() });
  return before;
}
