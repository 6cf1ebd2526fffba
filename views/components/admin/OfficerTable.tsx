// The analytics page's "Per officer": each active staff member's open and late cases and how quickly they decide.
import { formatCount } from "../../lib/format.ts";
import type { OfficerWorkload } from "../../pages/admin/types.ts";
import { Card } from "../ui/misc.tsx";
import { type Column, DataTable } from "./DataTable.tsx";

const COLUMNS: Column<OfficerWorkload>[] = [
  {
    header: "Officer",
    rowHeader: true,
    cell: (o) => (
      <>
        <span className="block">{o.name}</span>
        <span className="block text-xs font-normal text-slate-700">{o.role}</span>
      </>
    ),
  },
  { header: "Open", numeric: true, cell: (o) => formatCount(o.open) },
  { header: "Late", numeric: true, cell: (o) => formatCount(o.late), cellClass: (o) => (o.late ? "font-semibold text-red-800" : "") },
  { header: "Decided", numeric: true, cell: (o) => formatCount(o.decided) },
  { header: "Median days to decision", numeric: true, cell: (o) => o.medianDays },
];

export function OfficerTable({ officers, decidedWeeks }: { officers: OfficerWorkload[]; decidedWeeks: number }) {
  return (
    <Card className="mb-8 p-5">
      <h2 id="per-officer" className="mb-1 text-lg font-semibold text-slate-900">
        Per officer
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        Open cases are submitted or under review; late ones have waited past their status's limit. Decisions are those of the last {decidedWeeks}{" "}
        weeks, timed from submission.
      </p>
      {officers.length === 0 ? (
        <p className="text-slate-700">No active staff yet.</p>
      ) : (
        <DataTable caption="Per officer" columns={COLUMNS} rows={officers} rowKey={(o) => o.id} />
      )}
    </Card>
  );
}
