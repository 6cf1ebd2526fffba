// The status history of an application, newest first (the applicant's details and the admin review share it).

import type { HistoryEntry } from "../../pages/portal/types.ts";
import { DateTime } from "../ui/DateTime.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

export function StatusTimeline({ history, emptyText }: { history: HistoryEntry[]; emptyText: string }) {
  if (history.length === 0) return <p className="text-slate-700">{emptyText}</p>;
  return (
    <ol className="relative grid gap-5 border-l-2 border-slate-200 pl-5">
      {history.map((h) => (
        <li key={h.id} className="relative">
          <span aria-hidden="true" className="absolute -left-[27px] top-1.5 h-3 w-3 rounded-full bg-brand-700" />
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={h.status} label={h.statusLabel} />
            <span className="text-sm text-slate-700">
              <DateTime value={h.createdAt} /> · {h.changedBy}
            </span>
          </div>
          {h.undid ? <p className="mt-1 text-slate-800">{h.undid}</p> : null}
          {h.notes ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{h.notes}</p> : null}
        </li>
      ))}
    </ol>
  );
}
