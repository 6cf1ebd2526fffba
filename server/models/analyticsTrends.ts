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

/** The Lagos date of the Monday `weeks - 1` weeks before the one holding `now`. */
const FIRST_DAY = "(date_trunc('week', ?::timestamptz AT TIME ZONE 'Africa/Lagos') - make_interval(weeks => ?))::date";
const TODAY = "(?::timestamptz AT TIME ZONE 'Africa/Lagos')::date";

/**
 * Per Lagos week of the last `weeks` (this one included): applications created, and applications first submitted
 * (a resubmission keeps its first submission date). Weeks with neither are absent. Read from the per-day counts
 * (application_days, kept by a trigger): at most 7 × `weeks` rows, where counting the applications themselves read
 * about 155,000 index entries at a million applications.
 */
export async function applicationsByWeek(db: Knex, weeks: number, now: Date): Promise<WeekCounts[]> {
  const { rows } = await db.raw(
    `SELECT (d.day - p.first) / 7 AS week, sum(d.started)::int AS started, sum(d.submitted)::int AS submitted
       FROM application_days d, (SELECT ${FIRST_DAY} AS first, ${TODAY} AS today) p
      WHERE d.day >= p.first AND d.day <= p.today
      GROUP BY 1 HAVING sum(d.started) > 0 OR sum(d.submitted) > 0 ORDER BY 1`,
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
  /** Collected for the embassy, the visa centre or a supplier (bill lines passed on): not revenue. */
  pass_through_minor: number;
}

/**
 * Money received per month of payment (Lagos time) and currency, in minor units as recorded: refunds are counted
 * against the month the money came in. The last `months` months, this one included, up to today. Summed from the
 * per-day sums of payment_days (kept by a trigger on payments), not from the payments themselves.
 */
export async function revenueByMonth(db: Knex, months: number, now: Date): Promise<MonthRevenue[]> {
  const { rows } = await db.raw(
    `SELECT to_char(day, 'YYYY-MM') AS month, currency, sum(payments)::int AS payments,
            sum(received_minor)::bigint AS received_minor, sum(refunded_minor)::bigint AS refunded_minor,
            sum(pass_through_minor)::bigint AS pass_through_minor
       FROM payment_days
      WHERE day >= (date_trunc('month', ?::timestamptz AT TIME ZONE 'Africa/Lagos') - make_interval(months => ?))::date
        AND day <= ${TODAY}
      GROUP BY 1, 2
     HAVING sum(payments) > 0
      ORDER BY 1, 2`,
    [now, months - 1, now],
  );
  return (rows as MonthRevenue[]).map((r) => ({
    ...r,
    received_minor: Number(r.received_minor),
    refunded_minor: Number(r.refunded_minor),
    pass_through_minor: Number(r.pass_through_minor),
  }));
}

/** Everything collected on applicants' behalf (bill lines passed on to embassies, visa centres, suppliers), per currency. */
export async function passedOnTotals(db: Knex): Promise<{ currency: Currency; minor: number }[]> {
  const { rows } = await db.raw(
    "SELECT currency, sum(pass_through_minor)::bigint AS minor FROM payment_days GROUP BY currency HAVING sum(pass_through_minor) > 0 ORDER BY currency",
  );
  return (rows as { currency: Currency; minor: string }[]).map((r) => ({ currency: r.currency, minor: Number(r.minor) }));
}
