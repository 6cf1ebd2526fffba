// /admin/analytics (SPEC §2.11, §9): total applications, revenue, average per application and per-category bars;
// beside the SPEC's dollar totals, Naira revenue by month and the acquisition funnel.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { FunnelTable } from "../../components/admin/FunnelTable.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatCount, formatUsd } from "../../lib/format.ts";
import type { AnalyticsProps, CategoryItem, RevenueMonth } from "./types.ts";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
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

/** Naira received per month: what came in, what was refunded of it, and what stays. */
function RevenueTable({ months }: { months: RevenueMonth[] }) {
  return (
    <Card className="mb-8 overflow-x-auto p-5">
      <table className="w-full text-sm">
        <caption className="mb-3 text-left text-lg font-semibold text-slate-900">Revenue by month (Naira, last 12 months)</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-700">
            <th scope="col" className="py-2 pr-3">
              Month
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Payments
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Received
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Refunded
            </th>
            <th scope="col" className="py-2 text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                {m.label}
              </th>
              <td className="py-2 pr-3 text-right text-slate-800">{formatCount(m.payments)}</td>
              <td className="py-2 pr-3 text-right text-slate-800">{m.received}</td>
              <td className="py-2 pr-3 text-right text-slate-800">{m.refunded}</td>
              <td className="py-2 text-right font-semibold text-slate-900">{m.revenue}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export default function Analytics({ totalApplications, totalRevenue, averagePerApplication, categories, revenueByMonth, funnel }: AnalyticsProps) {
  return (
    <AdminLayout>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Analytics</h1>
      <dl className="mb-8 grid gap-4 sm:grid-cols-3">
        <Stat label="Total Applications" value={formatCount(totalApplications)} />
        <Stat label="Total Revenue" value={formatUsd(totalRevenue)} />
        <Stat label="Average per Application" value={formatUsd(averagePerApplication)} />
      </dl>
      <RevenueTable months={revenueByMonth} />
      <FunnelTable funnel={funnel} />
      <div className="grid gap-6 md:grid-cols-2">
        {categories.map((c) => (
          <CategoryChart key={c.id} {...c} />
        ))}
      </div>
    </AdminLayout>
  );
}
