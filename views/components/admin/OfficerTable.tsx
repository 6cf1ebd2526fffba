// The analytics page's "Per officer": each active staff member's open and late cases and how quickly they decide.
import { formatCount } from "../../lib/format.ts";
import type { OfficerWorkload } from "../../pages/admin/types.ts";
import { Card } from "../ui/misc.tsx";

const HEAD = "py-2 pr-3 text-right align-bottom";
const CELL = "whitespace-nowrap py-2 pr-3 text-right text-slate-800";

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
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so it takes keyboard focus
        <section className="overflow-x-auto" aria-labelledby="per-officer" tabIndex={0}>
          <table aria-labelledby="per-officer" className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3 text-left align-bottom">
                  Officer
                </th>
                <th scope="col" className={HEAD}>
                  Open
                </th>
                <th scope="col" className={HEAD}>
                  Late
                </th>
                <th scope="col" className={HEAD}>
                  Decided
                </th>
                <th scope="col" className={HEAD}>
                  Median days to decision
                </th>
              </tr>
            </thead>
            <tbody>
              {officers.map((o) => (
                <tr key={o.id} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                    <span className="block">{o.name}</span>
                    <span className="block text-xs font-normal text-slate-700">{o.role}</span>
                  </th>
                  <td className={CELL}>{formatCount(o.open)}</td>
                  <td className={`${CELL} ${o.late ? "font-semibold text-red-800" : ""}`}>{formatCount(o.late)}</td>
                  <td className={CELL}>{formatCount(o.decided)}</td>
                  <td className={CELL}>{o.medianDays}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}
