// The e-mails recorded about an application or an enquiry: to whom, what, and how delivery went.

import type { MessageEntry } from "../../pages/admin/types.ts";
import { DateTime } from "../ui/DateTime.tsx";

const STATUS_TEXT: Record<MessageEntry["status"], { label: string; className: string }> = {
  queued: { label: "Queued", className: "bg-slate-100 text-slate-800" },
  sent: { label: "Sent", className: "bg-green-100 text-green-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
  not_sent: { label: "Not sent", className: "bg-amber-100 text-amber-900" },
  written: { label: "Written to the mail folder (no mail server configured)", className: "bg-slate-100 text-slate-800" },
};

export function MessageStatus({ status }: { status: MessageEntry["status"] }) {
  const s = STATUS_TEXT[status];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${s.className}`}>{s.label}</span>;
}

export function MessageList({ messages, empty = "No e-mails yet." }: { messages: MessageEntry[]; empty?: string }) {
  if (messages.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="E-mails">
      {messages.map((m) => (
        <li key={m.id} className="py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <MessageStatus status={m.status} />
            <span className="font-medium text-slate-900">{m.subject}</span>
          </div>
          <p className="mt-1 break-all text-slate-700">
            To {m.to} · <DateTime value={m.sentAt ?? m.createdAt} />
          </p>
          {m.error ? <p className="mt-1 text-slate-700">{m.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
