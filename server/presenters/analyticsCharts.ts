// The analytics page's charts as props: every week and month of the period (nothing happened: 0), the numbers for
// the table beside each chart, and each chart's description in words.
import { formatCount, formatDate } from "../../views/lib/format.ts";
import { formatMinor } from "../../views/lib/money.ts";
import type { BarChartData, RevenueChart, WeeklyApplications } from "../../views/pages/admin/types.ts";
import type { Currency } from "../domain/money.ts";
import type { MonthRevenue, WeekCounts } from "../models/analyticsTrends.ts";

const DAY = 86_400_000;
/** Lagos is UTC+1 all year. */
const LAGOS = 3_600_000;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const CURRENCY_NAMES: Record<Currency, string> = { NGN: "Naira", USD: "US dollars" };

/** The Mondays (Lagos, "2026-11-23") of the last `weeks` weeks, oldest first. */
function lagosMondays(weeks: number, now: Date): string[] {
  const lagos = new Date(now.getTime() + LAGOS);
  const today = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
  const monday = today - ((lagos.getUTCDay() + 6) % 7) * DAY;
  return Array.from({ length: weeks }, (_, i) => new Date(monday - (weeks - 1 - i) * 7 * DAY).toISOString().slice(0, 10));
}

/** The value axis's top: the largest value rounded up to 1, 2 or 5 times a power of ten (at least `least`). */
export function axisTop(values: number[], least: number): number {
  const max = Math.max(least, ...values);
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * power >= max) ?? 10) * power;
}

/** "the most, 14, in the week of 17 Nov 2026" for one series of a chart. */
function peak(chart: Omit<BarChartData, "description">, series: number, say: (n: number) => string): string {
  const values = chart.points.map((p) => p.values[series]);
  const top = Math.max(...values);
  if (top <= 0) return `${chart.series[series]}: none`;
  const at = chart.points[values.indexOf(top)];
  const total = values.reduce((a, b) => a + b, 0);
  return `${chart.series[series]}: ${say(total)} in all, the most ${say(top)} in ${at.label}`;
}

export function weeklyApplications(rows: WeekCounts[], weeks: number, now: Date): WeeklyApplications {
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  const list = lagosMondays(weeks, now).map((week, i) => ({
    week,
    label: `week of ${formatDate(week)}`,
    started: byWeek.get(i)?.started ?? 0,
    submitted: byWeek.get(i)?.submitted ?? 0,
  }));
  const top = axisTop(
    list.flatMap((w) => [w.started, w.submitted]),
    5,
  );
  const chart = {
    id: "weekly-applications",
    top,
    topLabel: formatCount(top),
    title: `Applications started and submitted per week, last ${weeks} weeks`,
    series: ["Started", "Submitted"],
    points: list.map((w) => ({ key: w.week, label: w.label, short: formatDate(w.week).replace(/ \d{4}$/, ""), values: [w.started, w.submitted] })),
  };
  const description = [0, 1].map((s) => peak(chart, s, formatCount)).join("; ");
  return { chart: { ...chart, description: `Weeks from Monday, Lagos time. ${description}.` }, weeks: list };
}

/** The last `months` months in Lagos time, oldest first: "2026-11". */
function lagosMonths(months: number, now: Date): string[] {
  const lagos = new Date(now.getTime() + LAGOS);
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - (months - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

const monthLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;

/**
 * One chart per currency the period's payments were recorded in (amounts are never converted); with no payment at
 * all, the one fees are charged in, at ₦0.
 */
export function revenueCharts(rows: MonthRevenue[], months: number, now: Date, chargedIn: Currency): RevenueChart[] {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  return (currencies.length ? currencies : [chargedIn]).map((currency) => {
    const byMonth = new Map(rows.filter((r) => r.currency === currency).map((r) => [r.month, r]));
    const list = lagosMonths(months, now).map((month) => {
      const r = byMonth.get(month);
      const received = r?.received_minor ?? 0;
      const refunded = r?.refunded_minor ?? 0;
      const passedOn = r?.pass_through_minor ?? 0;
      return {
        month,
        label: monthLabel(month),
        payments: r?.payments ?? 0,
        received: formatMinor(received, currency),
        refunded: formatMinor(refunded, currency),
        passedOn: formatMinor(passedOn, currency),
        revenue: formatMinor(received - refunded - passedOn, currency),
        revenueMinor: received - refunded - passedOn,
      };
    });
    const top = axisTop(
      list.map((m) => m.revenueMinor),
      100_000,
    );
    const chart = {
      id: `revenue-${currency.toLowerCase()}`,
      top,
      topLabel: formatMinor(top, currency),
      title: `Revenue per month in ${CURRENCY_NAMES[currency]}, last ${months} months`,
      series: ["Revenue"],
      points: list.map((m) => ({ key: m.month, label: m.label, short: m.label.slice(0, 3), values: [m.revenueMinor] })),
    };
    const description = `Money received less refunds and less what was collected to pass on (embassy and visa centre fees), by the Lagos month it came in. ${peak(chart, 0, (n) => formatMinor(n, currency))}.`;
    return { currency, chart: { ...chart, description }, months: list.map(({ revenueMinor: _, ...m }) => m) };
  });
}
