// The acquisition funnel on the analytics page: a table per week (leads by kind → held → applied → paid, each with
// its share of the week's leads, and those who applied having skipped the consultation), one by source, and the
// conversion from each step to the next.

import { formatCount } from "../../lib/format.ts";
import type { Funnel, FunnelLine } from "../../pages/admin/types.ts";
import { Card } from "../ui/misc.tsx";
import { type Column, DataTable } from "./DataTable.tsx";

const STEPS = ["Consultation held", "Applied", "Paid"];

const share = (s: { count: number; percent: number }) => (
  <>
    {formatCount(s.count)} <span className="text-xs text-slate-700">({s.percent}%)</span>
  </>
);

function columns(first: string): Column<FunnelLine>[] {
  return [
    { header: first, rowHeader: true, nowrap: true, cell: (l) => l.label },
    { header: "Leads", numeric: true, cell: (l) => formatCount(l.leads) },
    { header: "Enquiries", numeric: true, cell: (l) => formatCount(l.enquiries) },
    { header: "Bookings", numeric: true, cell: (l) => formatCount(l.bookings) },
    { header: "Signed up directly", numeric: true, cell: (l) => formatCount(l.direct) },
    { header: STEPS[0], numeric: true, cell: (l) => share(l.steps[0]) },
    { header: "Skipped the consultation", numeric: true, cell: (l) => share(l.skipped) },
    ...STEPS.slice(1).map((step, i): Column<FunnelLine> => ({ header: step, numeric: true, cell: (l) => share(l.steps[i + 1]) })),
  ];
}

function Table({ caption, first, lines, total }: { caption: string; first: string; lines: FunnelLine[]; total: FunnelLine }) {
  return <DataTable caption={caption} captionVisible columns={columns(first)} rows={lines} rowKey={(l) => l.key} footer={[total]} />;
}

/** Leads per week as bars, the part that has applied darker: it only repeats the table below (hidden from assistive technology). */
function WeekBars({ weeks }: { weeks: FunnelLine[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.leads));
  const bar = 100 / weeks.length;
  return (
    <svg aria-hidden="true" viewBox="0 0 100 40" preserveAspectRatio="none" className="h-24 w-full">
      {weeks.map((w, i) => {
        const h = (w.leads / max) * 38;
        const applied = (w.steps[1].count / max) * 38;
        return (
          <g key={w.key}>
            <rect x={i * bar + bar * 0.15} width={bar * 0.7} y={40 - h} height={h} className="fill-brand-100" />
            <rect x={i * bar + bar * 0.15} width={bar * 0.7} y={40 - applied} height={applied} className="fill-brand-700" />
          </g>
        );
      })}
    </svg>
  );
}

export function FunnelTable({ funnel }: { funnel: Funnel }) {
  return (
    <Card className="mb-8 grid gap-6 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Acquisition funnel (last 12 weeks)</h2>
      <p className="text-sm text-slate-700">
        Leads by the week they first got in touch (an enquiry, a booking, or signing up directly), and how many of them have since reached each step
        themselves; the share is of the row's leads. Those who applied without a consultation held are counted under "Skipped the consultation", not
        as held. Each conversion is the share of a step's leads that also reached the next. The bars show each week's leads, the dark part those who
        have applied.
      </p>
      <ul className="grid gap-1 text-sm sm:grid-cols-3" aria-label="Conversion from step to step">
        {funnel.conversions.map((c) => (
          <li key={c.to} className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-700">
              {c.from} → {c.to}
            </span>
            <span className="text-xl font-bold text-slate-900">{c.percent === null ? "—" : `${c.percent}%`}</span>
          </li>
        ))}
      </ul>
      {funnel.total.leads > 0 ? <WeekBars weeks={funnel.weeks} /> : <p className="text-sm text-slate-700">No leads in the last 12 weeks.</p>}
      <Table caption="By week" first="Week from" lines={funnel.weeks} total={funnel.total} />
      <Table caption="By source" first="Source" lines={funnel.sources} total={funnel.total} />
    </Card>
  );
}
