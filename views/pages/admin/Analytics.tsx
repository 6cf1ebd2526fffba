// /admin/analytics (SPEC §2.11, §9): total applications, revenue, average per application and per-category bars;
// beside the SPEC's dollar totals, applications per week and revenue per month as charts, and the acquisition funnel.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { DecisionFiguresTable } from "../../components/admin/DecisionFiguresTable.tsx";
import { FunnelTable } from "../../components/admin/FunnelTable.tsx";
import { OfficerTable } from "../../components/admin/OfficerTable.tsx";
import { RevenueCharts, WeeklyChart } from "../../components/admin/TrendCharts.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatCount, formatUsd } from "../../lib/format.ts";
import type { AnalyticsProps, CategoryItem, FunnelStep } from "./types.ts";

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-700">{note}</dd> : null}
    </Card>
  );
}

/** The applications' funnel in the order of the process, each step's conversion from the one before. */
function ApplicationFunnel({ steps }: { steps: FunnelStep[] }) {
  return (
    <Card className="mb-8 p-5">
      <h2 id="application-funnel" className="mb-1 text-lg font-semibold text-slate-900">
        Applications funnel
      </h2>
      <p className="mb-4 text-sm text-slate-700">Each step counts the applications that have reached it and every step before it (all time).</p>
      <ol aria-labelledby="application-funnel" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((s) => (
          <li key={s.key} className="rounded-lg bg-slate-50 p-3">
            <span className="block text-sm text-slate-700">{s.label}</span>
            <span className="block text-2xl font-bold text-slate-900">{formatCount(s.count)}</span>
            {s.of ? (
              <span className="block text-sm text-slate-800">
                {s.percent === null ? "—" : `${s.percent}%`} {s.of}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A table with the numbers, and a bar per row that only repeats them visually (hidden from assistive technology). */
function CategoryChart({ id, title, items }: { id: string; title: string; items: CategoryItem[] }) {
  return (
    <Card className="p-5">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-700">No applications yet.</p>
      ) : (
        <table aria-labelledby={`${id}-heading`} className="w-full table-fixed text-sm">
          {/* Fixed layout takes column widths from the first row, which is the visually hidden header: set them here. */}
          <colgroup>
            <col className="w-2/5" />
            <col />
            <col className="w-16" />
          </colgroup>
          <thead className="sr-only">
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Applications</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key || "none"} className="align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                  <span className="block break-words">{item.label}</span>
                </th>
                <td className="py-2 pr-3">
                  <span className="block font-semibold text-slate-900">{formatCount(item.count)}</span>
                  <span aria-hidden="true" className="mt-1 block h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
                    <span className="block h-full rounded-full bg-brand-700" style={{ width: `${Math.max(item.percent, 1)}%` }} />
                  </span>
                </td>
                <td className="py-2 text-right text-slate-800">{item.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export default function Analytics({
  totalApplications,
  totalRevenue,
  averagePerApplication,
  averagePerPaidApplication,
  paidApplications,
  applicationFunnel,
  categories,
  revenue,
  weekly,
  funnel,
  officers,
  decidedWeeks,
  passedOn,
  decisions,
}: AnalyticsProps) {
  return (
    <AdminLayout>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Analytics</h1>
      <dl className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Applications" value={formatCount(totalApplications)} />
        <Stat
          label="Total Revenue"
          value={formatUsd(totalRevenue)}
          note="Fee basis: the dollar price-list fees of paid applications. The money received, in the currency it came in, is under Revenue per month."
        />
        <Stat label="Average per Application" value={formatUsd(averagePerApplication)} note="Fee basis, over every application" />
        <Stat
          label="Average per paid application"
          value={formatUsd(averagePerPaidApplication)}
          note={`Total Revenue ÷ ${formatCount(paidApplications)} paid (refunded included)`}
        />
      </dl>
      <p className="-mt-4 mb-8 text-sm text-slate-700">
        Collected for embassies and visa centres (passed on, not revenue): {passedOn.length ? passedOn.join(" and ") : "none yet"}.
      </p>
      <ApplicationFunnel steps={applicationFunnel} />
      <OfficerTable officers={officers} decidedWeeks={decidedWeeks} />
      <DecisionFiguresTable decisions={decisions} />
      <WeeklyChart weekly={weekly} />
      <RevenueCharts revenue={revenue} />
      <FunnelTable funnel={funnel} />
      <div className="grid gap-6 md:grid-cols-2">
        {categories.map((c) => (
          <CategoryChart key={c.id} {...c} />
        ))}
      </div>
    </AdminLayout>
  );
}
