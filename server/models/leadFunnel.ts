// The acquisition funnel's numbers: leads by the Lagos week they arrived (and by source), and how many of them have
// had a consultation held, applied and paid — each counted only for the leads that reached that step themselves, so a
// lead that applied without a consultation is counted as having skipped it, never as held.
import type { Knex } from "knex";
import type { FUNNEL_STEPS, LeadEventKind } from "../domain/leads.ts";

export interface FunnelRow {
  /** The Monday of the week (yyyy-mm-dd, Lagos), or the source. */
  key: string;
  enquiries: number;
  bookings: number;
  direct: number;
  held: number;
  applied: number;
  paid: number;
  /** Applied without a consultation held first (or ever). */
  skipped: number;
  /** Had a consultation held and applied: the "held → applied" conversion's numerator. */
  held_applied: number;
  /** Applied and paid: the "applied → paid" conversion's numerator. */
  applied_paid: number;
}

/** The event that means a step happened even when it moved nothing (the lead was further on, or closed). */
const HAPPENED: Record<(typeof FUNNEL_STEPS)[number], LeadEventKind> = {
  consultation_held: "booking_held",
  applied: "submitted",
  paid: "paid",
};

/**
 * Whether lead `l` reached this very step: it stands there, once moved there (by itself or by staff's hand), or the
 * event of that step happened to it. Being further on is not enough: a direct sign-up that applied has held no
 * consultation.
 */
const reached = (step: (typeof FUNNEL_STEPS)[number]) =>
  `(l.stage = '${step}' OR EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = l.id AND (e.to_stage = '${step}' OR e.kind = '${HAPPENED[step]}')))`;

const SINCE = "l.created_at >= (date_trunc('week', now() AT TIME ZONE 'Africa/Lagos') - make_interval(weeks => ?)) AT TIME ZONE 'Africa/Lagos'";

/** The last weeks' leads with where each came from and which steps it reached. */
const LEADS = `SELECT l.created_at, l.source, ${reached("consultation_held")} AS held, ${reached("applied")} AS applied,
                      ${reached("paid")} AS paid
                 FROM leads l WHERE ${SINCE}`;

const COUNTS = `
  count(*) FILTER (WHERE source IN ('contact_form', 'package_book_now'))::int AS enquiries,
  count(*) FILTER (WHERE source = 'booking_page')::int AS bookings,
  count(*) FILTER (WHERE source = 'portal')::int AS direct,
  count(*) FILTER (WHERE held)::int AS held,
  count(*) FILTER (WHERE applied)::int AS applied,
  count(*) FILTER (WHERE paid)::int AS paid,
  count(*) FILTER (WHERE applied AND NOT held)::int AS skipped,
  count(*) FILTER (WHERE held AND applied)::int AS held_applied,
  count(*) FILTER (WHERE applied AND paid)::int AS applied_paid`;

/** The last `weeks` weeks (this one included), oldest first; weeks without a lead are absent. */
export async function funnelByWeek(db: Knex, weeks: number): Promise<FunnelRow[]> {
  const { rows } = await db.raw(
    `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'Africa/Lagos'), 'YYYY-MM-DD') AS key, ${COUNTS}
       FROM (${LEADS}) l GROUP BY 1 ORDER BY 1`,
    [weeks - 1],
  );
  return rows;
}

/** The same weeks' leads by where they came from. */
export async function funnelBySource(db: Knex, weeks: number): Promise<FunnelRow[]> {
  const { rows } = await db.raw(`SELECT source AS key, ${COUNTS} FROM (${LEADS}) l GROUP BY 1 ORDER BY 1`, [weeks - 1]);
  return rows;
}
