// The admin list on a phone: one card per case with its status, assignee, age in that status, payment and unread
// messages (the table is hidden).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { ApplicationsProps } from "../../pages/admin/types.ts";
import { UnreadCell } from "../messages/UnreadCount.tsx";
import { StatusBadge } from "../portal/StatusBadge.tsx";
import { LateBadge } from "./LateBadge.tsx";
import { TakeCaseButton } from "./TakeCaseButton.tsx";

export function CaseCards({ rows, me, empty }: { rows: ApplicationsProps["rows"]; me: string; empty: ReactNode }) {
  if (rows.length === 0) return <p className="rounded-xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-700 lg:hidden">{empty}</p>;
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Applications">
      {rows.map((a) => (
        <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/admin/application/${a.id}`} className="font-mono font-semibold text-brand-800 underline">
              {a.reference}
            </Link>
            <StatusBadge status={a.status} label={a.statusLabel} />
          </div>
          <p className="mt-1 break-words font-medium text-slate-900">{a.applicantName}</p>
          {a.family ? <p className="text-xs text-slate-700">{a.family}</p> : null}
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Assignee</dt>
            <dd className="text-slate-900">{a.assigneeId === me ? "You" : (a.assigneeName ?? "Unassigned")}</dd>
            <dt className="text-slate-600">In this status</dt>
            <dd className="text-slate-900">
              {a.statusAge}
              <LateBadge late={a.late} />
            </dd>
            <dt className="text-slate-600">Payment</dt>
            <dd className="text-slate-900">{a.paymentLabel}</dd>
            <dt className="text-slate-600">Unread</dt>
            <dd className="text-slate-900">
              <UnreadCell count={a.unreadMessages} />
            </dd>
          </dl>
          {a.assigneeId === null && a.submittedAt ? <TakeCaseButton applicationId={a.id} reference={a.reference} me={me} className="mt-3" /> : null}
        </li>
      ))}
    </ul>
  );
}
