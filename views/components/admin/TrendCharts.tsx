// The analytics page's figures over time: each a chart with its numbers in a table beside it.
import type { ReactNode } from "react";
import { formatCount } from "../../lib/format.ts";
import type { RevenueChart, WeeklyApplications } from "../../pages/admin/types.ts";
import { Card } from "../ui/misc.tsx";
import { BarChart } from "./BarChart.tsx";
import { type Column, DataTable } from "./DataTable.tsx";

type Week = WeeklyApplications["weeks"][number];
type Month = RevenueChart["months"][number];

const WEEK_COLUMNS: Column<Week>[] = [
  { header: "Week from", rowHeader: true, nowrap: true, cell: (w) => w.label.replace(/^week of /, "") },
  { header: "Started", numeric: true, cell: (w) => formatCount(w.started) },
  { header: "Submitted", numeric: true, cell: (w) => formatCount(w.submitted) },
];

const MONTH_COLUMNS: Column<Month>[] = [
  { header: "Month", rowHeader: true, nowrap: true, cell: (m) => m.label },
  { header: "Payments", numeric: true, cell: (m) => formatCount(m.payments) },
  { header: "Received", numeric: true, cell: (m) => m.received },
  { header: "Refunded", numeric: true, cell: (m) => m.refunded },
  { header: "Passed on (embassy, centre)", numeric: true, cell: (m) => m.passedOn },
  { header: "Revenue", numeric: true, cell: (m) => m.revenue, cellClass: "font-semibold text-slate-900" },
];

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
      <DataTable caption={chart.title} columns={WEEK_COLUMNS} rows={weeks} rowKey={(w) => w.week} />
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
        <DataTable caption={chart.title} columns={MONTH_COLUMNS} rows={months} rowKey={(m) => m.month} />
      </ChartCard>
    ),
  );
}
