// The analytics page's figures over time: each a chart with its numbers in a table beside it.
import type { ReactNode } from "react";
import { formatCount } from "../../lib/format.ts";
import type { RevenueChart, WeeklyApplications } from "../../pages/admin/types.ts";
import { Card } from "../ui/misc.tsx";
import { BarChart } from "./BarChart.tsx";

const HEAD = "py-2 pr-3 text-right";
const CELL = "whitespace-nowrap py-1.5 pr-3 text-right text-slate-800";
const ROW_HEAD = "whitespace-nowrap py-1.5 pr-3 text-left font-medium text-slate-900";

function ChartCard({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <Card className="mb-8 p-5">
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_auto]">{children}</div>
    </Card>
  );
}

export function WeeklyChart({ weekly }: { weekly: WeeklyApplications }) {
  const { chart, weeks } = weekly;
  return (
    <ChartCard heading="Applications per week" id={chart.id}>
      <BarChart chart={chart} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so it takes keyboard focus */}
      <section className="overflow-x-auto" aria-label={`${chart.title}: the numbers`} tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">{chart.title}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-slate-700">
              <th scope="col" className="py-2 pr-3 text-left">
                Week from
              </th>
              <th scope="col" className={HEAD}>
                Started
              </th>
              <th scope="col" className={HEAD}>
                Submitted
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week} className="border-b border-slate-100">
                <th scope="row" className={ROW_HEAD}>
                  {w.label.replace(/^week of /, "")}
                </th>
                <td className={CELL}>{formatCount(w.started)}</td>
                <td className={CELL}>{formatCount(w.submitted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </ChartCard>
  );
}

export function RevenueCharts({ revenue }: { revenue: RevenueChart[] }) {
  return revenue.map(({ currency, chart, months }) =>
    months.every((m) => m.payments === 0) ? (
      <ChartCard key={currency} heading={`Revenue per month (${currency})`} id={chart.id}>
        <p className="text-sm text-slate-700">{`No payments were recorded in the last ${months.length} months.`}</p>
      </ChartCard>
    ) : (
      <ChartCard key={currency} heading={`Revenue per month (${currency})`} id={chart.id}>
        <BarChart chart={chart} />
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so it takes keyboard focus */}
        <section className="overflow-x-auto" aria-label={`${chart.title}: the numbers`} tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="sr-only">{chart.title}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3 text-left">
                  Month
                </th>
                <th scope="col" className={HEAD}>
                  Payments
                </th>
                <th scope="col" className={HEAD}>
                  Received
                </th>
                <th scope="col" className={HEAD}>
                  Refunded
                </th>
                <th scope="col" className={HEAD}>
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-100">
                  <th scope="row" className={ROW_HEAD}>
                    {m.label}
                  </th>
                  <td className={CELL}>{formatCount(m.payments)}</td>
                  <td className={CELL}>{m.received}</td>
                  <td className={CELL}>{m.refunded}</td>
                  <td className={`${CELL} font-semibold text-slate-900`}>{m.revenue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </ChartCard>
    ),
  );
}
