// The analytics page's "Embassy decisions": per destination and visa type over a chosen period, the forms lodged, the
// decisions recorded, the share issued and the median days from lodging to decision. The period, in whole months, is a
// plain GET form (a browser without a month field gets a text field asking for YYYY-MM).
import { formatCount } from "../../lib/format.ts";
import type { DecisionFigureEntry, DecisionFigures } from "../../pages/admin/types.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/misc.tsx";
import { type Column, DataTable } from "./DataTable.tsx";

const COLUMNS: Column<DecisionFigureEntry>[] = [
  {
    header: "Destination",
    rowHeader: true,
    cell: (r) => (
      <>
        <span className="block">{r.destination}</span>
        <span className="block text-xs font-normal text-slate-700">{r.visaType}</span>
      </>
    ),
  },
  { header: "Lodged", numeric: true, cell: (r) => formatCount(r.lodged) },
  { header: "Decided", numeric: true, cell: (r) => formatCount(r.decided) },
  { header: "Issued", numeric: true, cell: (r) => r.issuedShare },
  { header: "Median days lodging to decision", numeric: true, cell: (r) => r.medianDays },
];

const input = "rounded-md border border-slate-400 bg-white px-3 py-2";

export function DecisionFiguresTable({ decisions }: { decisions: DecisionFigures }) {
  return (
    <Card className="mb-8 p-5">
      <h2 id="decisions" className="mb-1 text-lg font-semibold text-slate-900">
        Embassy decisions
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        {decisions.label}: forms lodged in the period, and decisions recorded in it (each counted in its own month), with the share issued and the
        median days from lodging to decision.
      </p>
      <form method="get" action="/admin/analytics#decisions" aria-label="Decisions period" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          From (month)
          <input
            type="month"
            name="decisions_from"
            defaultValue={decisions.from}
            min="2000-01"
            max="2100-12"
            pattern="[0-9]{4}-[0-9]{2}"
            placeholder="YYYY-MM"
            required
            className={input}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          To (month)
          <input
            type="month"
            name="decisions_to"
            defaultValue={decisions.to}
            min="2000-01"
            max="2100-12"
            pattern="[0-9]{4}-[0-9]{2}"
            placeholder="YYYY-MM"
            required
            className={input}
          />
        </label>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {decisions.rows.length === 0 ? (
        <p className="text-slate-700">No form lodged and no decision recorded in this period.</p>
      ) : (
        <DataTable
          caption="Embassy decisions"
          columns={COLUMNS}
          rows={decisions.total ? [...decisions.rows, decisions.total] : decisions.rows}
          rowKey={(r) => r.key}
        />
      )}
    </Card>
  );
}
