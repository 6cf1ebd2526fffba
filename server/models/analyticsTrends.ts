// The analytics page's figures over time: applications started and submitted per Lagos week, and money received per
// Lagos month in each currency the payments were recorded in. `now` is the request's moment, so the weeks and months
// are the ones the page names.
import type { Knex } from "knex";
import type { Currency } from "../domain/money.ts";

export interface WeekCounts {
  /** 0 for the first week of the period, `weeks - 1` for this one. */
  week: number;
  started: number;
  submitted: number;
}

/** Lagos midnight of the Monday `weeks - 1` weeks before the one holding `now`. */
const SINCE = "(date_trunc('week', ?::timestamptz AT TIME ZONE 'Africa/Lagos') - make_interval(weeks => ?)) AT TIME ZONE 'Africa/Lagos'";
/**
 * Lagos keeps UTC+1 all year, so every week is 604,800 seconds: a subtraction per row, no time zone or text. In
 * double precision (`date_part`): `extract` answers numeric, whose division cost 2–3× the whole query at a million
 * applications (about 130,000 rows in 12 weeks).
 */
const WEEK_OF = (column: string) => `floor(date_part('epoch', ${column} - p.since) / 604800)::int`;

/**
 * Per Lagos week of the last `weeks` (this one included): applications created, and applications first submitted
 * (a resubmission keeps its first submission date). Weeks with neither are absent. Each count is an index-only range
 * of the index on its column.
 */
export async function applicationsByWeek(db: Knex, weeks: number, now: Date): Promise<WeekCounts[]> {
  const { rows } = await db.raw(
    `WITH p AS (SELECT ${SINCE} AS since, ?::timestamptz AS until)
     SELECT week, sum(started)::int AS started, sum(submitted)::int AS submitted FROM (
       SELECT ${WEEK_OF("created_at")} AS week, count(*) AS started, 0 AS submitted
         FROM visa_applications, p WHERE created_at >= p.since AND created_at <= p.until GROUP BY 1
       UNION ALL
       SELECT ${WEEK_OF("submitted_at")}, 0, count(*)
         FROM visa_applications, p WHERE submitted_at >= p.since AND submitted_at <= p.until GROUP BY 1
     ) w GROUP BY week ORDER BY week`,
    [now, weeks - 1, now],
  );
  return rows;
}

export interface MonthRevenue {
  /** "2026-11": the month of paid_at in Lagos time. */
  month: string;
  currency: Currency;
  payments: number;
  received_minor: number;
  refunded_minor: number;
}

/**
 * Money received per month of payment (Lagos time) and currency, in minor units as recorded: refunds are counted
 * against the month the money came in. The last `months` months, this one included.
 */
export async function revenueByMonth(db: Knex, months: number, now: Date): Promise<MonthRevenue[]> {
  const { rows } = await db.raw(
    `SELECT to_char(paid_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS month, currency, count(*)::int AS payments,
            sum(amount_minor)::bigint AS received_minor, sum(coalesce(refund_minor, 0))::bigint AS refunded_minor
       FROM payments
      WHERE state IN ('paid', 'refunded')
        AND paid_at >= (date_trunc('month', ?::timestamptz AT TIME ZONE 'Africa/Lagos') - make_interval(months => ?)) AT TIME ZONE 'Africa/Lagos'
        AND paid_at <= ?
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    [now, months - 1, now],
  );
  return (rows as MonthRevenue[]).map((r) => ({ ...r, received_minor: Number(r.received_minor), refunded_minor: Number(r.refunded_minor) }));
}
