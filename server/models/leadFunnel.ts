// The acquisition funnel's numbers: leads by the Lagos week they arrived (and by source), and how many of them have
// reached a consultation held, an application, a payment — counted from the stages each lead has ever moved to.
import type { Knex } from "knex";
import { type FUNNEL_STEPS, stagesFrom } from "../domain/leads.ts";

export interface FunnelRow {
  /** The Monday of the week (yyyy-mm-dd, Lagos), or the source. */
  key: string;
  enquiries: number;
  bookings: number;
  direct: number;
  held: number;
  applied: number;
  paid: number;
}

const reached = (step: (typeof FUNNEL_STEPS)[number]) => {
  const stages = stagesFrom(step)
    .map((s) => `'${s}'`)
    .join(", ");
  return `count(*) FILTER (WHERE l.stage IN (${stages}) OR EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = l.id AND e.to_stage IN (${stages})))::int`;
};

const COUNTS = `
  count(*) FILTER (WHERE l.source IN ('contact_form', 'package_book_now'))::int AS enquiries,
  count(*) FILTER (WHERE l.source = 'booking_page')::int AS bookings,
  count(*) FILTER (WHERE l.source = 'portal')::int AS direct,
  ${reached("consultation_held")} AS held, ${reached("applied")} AS applied, ${reached("paid")} AS paid`;

const SINCE = "l.created_at >= (date_trunc('week', now() AT TIME ZONE 'Africa/Lagos') - make_interval(weeks => ?)) AT TIME ZONE 'Africa/Lagos'";

/** The last `weeks` weeks (this one included), oldest first; weeks without a lead are absent. */
export async function funnelByWeek(db: Knex, weeks: number): Promise<FunnelRow[]> {
  const { rows } = await db.raw(
    `SELECT to_char(date_trunc('week', l.created_at AT TIME ZONE 'Africa/Lagos'), 'YYYY-MM-DD') AS key, ${COUNTS}
       FROM leads l WHERE ${SINCE} GROUP BY 1 ORDER BY 1`,
    [weeks - 1],
  );
  return rows;
}

/** The same weeks' leads by where they came from. */
export async function funnelBySource(db: Knex, weeks: number): Promise<FunnelRow[]> {
  const { rows } = await db.raw(`SELECT l.source AS key, ${COUNTS} FROM leads l WHERE ${SINCE} GROUP BY 1 ORDER BY 1`, [weeks - 1]);
  return rows;
}
