// The owner's figures of the embassies' decisions (SQL only), read from the monthly sums the database keeps
// (migration 20261201001900_decision_months): `decision_months` counts per Lagos month, destination and visa type the
// forms lodged and the decisions recorded (and issued), `decision_month_days` the decisions by their days from
// lodging, from which the median is read. A period of at most 60 months is then a few thousand rows at most, whatever
// the number of cases behind it.
import type { Knex } from "knex";

export interface DecisionFigureRow {
  /** Null on the period's total row. */
  destination: string | null;
  visa_type: string | null;
  total: boolean;
  lodged: number;
  decided: number;
  issued: number;
  /** Days from lodging to decision, the median of the decisions in the period; null without one. */
  median_days: number | null;
}

/** Destinations outside the catalogue are counted together under this name. */
export const OTHER_DESTINATION = "Other destinations";

/** A period of whole Lagos months, YYYY-MM, both included. */
export interface MonthPeriod {
  from: string;
  to: string;
}

const firstDays = (p: MonthPeriod) => ({ from: `${p.from}-01`, to: `${p.to}-01` });

/**
 * Per destination and visa type, over whole months (both included), and over all of them (the row with `total`): the
 * forms lodged then, and the decisions recorded then (each counted in its own month, as an embassy's published figures
 * are), with how many were issued and the median days from lodging to decision. The median is `percentile_cont(0.5)`
 * of the decisions' days read from their counts: the middle value, or the mean of the two middle ones for an even count.
 */
export async function decisionFigures(db: Knex, period: MonthPeriod): Promise<DecisionFigureRow[]> {
  const { rows } = await db.raw(
    `WITH counts AS (
       SELECT destination, visa_type, grouping(destination, visa_type) <> 0 AS total,
              sum(lodged)::int AS lodged, sum(decided)::int AS decided, sum(issued)::int AS issued
         FROM decision_months WHERE month BETWEEN :from AND :to
        GROUP BY GROUPING SETS ((destination, visa_type), ())),
     days AS (
       SELECT destination, visa_type, grouping(destination, visa_type) <> 0 AS total, days, sum(decisions)::int AS n
         FROM decision_month_days WHERE month BETWEEN :from AND :to AND decisions <> 0
        GROUP BY GROUPING SETS ((destination, visa_type, days), (days))),
     running AS (
       SELECT destination, visa_type, total, days,
              sum(n) OVER (PARTITION BY total, destination, visa_type ORDER BY days) AS upto,
              sum(n) OVER (PARTITION BY total, destination, visa_type) AS all_n
         FROM days WHERE n > 0),
     medians AS (
       SELECT destination, visa_type, total,
              (min(days) FILTER (WHERE upto >= (all_n + 1) / 2) + min(days) FILTER (WHERE upto >= all_n / 2 + 1)) / 2.0 AS median_days
         FROM running GROUP BY destination, visa_type, total)
     SELECT CASE WHEN c.destination = '' THEN :other ELSE c.destination END AS destination, c.visa_type, c.total,
            c.lodged, c.decided, c.issued, m.median_days
       FROM counts c LEFT JOIN medians m
         ON m.total = c.total AND m.destination IS NOT DISTINCT FROM c.destination AND m.visa_type IS NOT DISTINCT FROM c.visa_type
      WHERE coalesce(c.lodged, 0) <> 0 OR coalesce(c.decided, 0) <> 0
      ORDER BY c.total, c.destination = '', c.destination, c.visa_type`,
    { ...firstDays(period), other: OTHER_DESTINATION },
  );
  return rows.map((r: DecisionFigureRow) => ({ ...r, median_days: r.median_days === null ? null : Number(r.median_days) }));
}

/** The decisions recorded in whole months (both included), and how many were issued. */
export async function decisionTotals(db: Knex, period: MonthPeriod): Promise<{ decided: number; issued: number }> {
  const row = await db("decision_months")
    .whereBetween("month", [firstDays(period).from, firstDays(period).to])
    .first(db.raw("coalesce(sum(decided), 0)::int AS decided"), db.raw("coalesce(sum(issued), 0)::int AS issued"));
  return { decided: row?.decided ?? 0, issued: row?.issued ?? 0 };
}
