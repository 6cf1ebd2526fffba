// The applicant's requested documents: what staff asked for, by when (and why a file was sent back), an upload into
// each open request, and the requests already answered with where their review stands.

import type { RequestedDocumentsProps } from "../../pages/portal/requestTypes.ts";
import { useNavigation } from "../../shared.tsx";
import { FileCheck2 } from "../ui/icons.ts";
import { Card } from "../ui/misc.tsx";
import { FileSlot } from "../wizard/FileSlot.tsx";

export function RequestedDocuments({ summary, open, answered, rules }: RequestedDocumentsProps) {
  const { reload } = useNavigation();
  if (open.length === 0 && answered.length === 0) return null;
  return (
    <Card className={open.length ? "border-amber-500" : ""}>
      <section aria-labelledby="requested-heading" className="grid gap-4">
        <div>
          <h2 id="requested-heading" className="text-lg font-semibold text-slate-900">
            Requested documents
          </h2>
          {summary ? <p className="font-medium text-amber-900">{summary}</p> : null}
        </div>
        {open.map((r) => (
          <div key={r.id} className="grid gap-2">
            <p className="text-sm text-slate-800">
              Due {r.due}
              {r.overdue ? <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span> : null}
            </p>
            {r.sentBackReason ? (
              <p className="rounded-md bg-red-50 p-2 text-sm text-red-900">
                <strong>Sent back:</strong> {r.sentBackReason}
              </p>
            ) : null}
            {r.note ? <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{r.note}</p> : null}
            <FileSlot
              rules={rules}
              label={r.label}
              hint="A JPG, PNG or PDF file under 10MB."
              accept={r.accept}
              url={r.uploadUrl}
              current={null}
              successToast="Document uploaded successfully"
              fields={{ request_id: r.id }}
              onUploaded={() => void reload()}
            />
          </div>
        ))}
        {answered.length ? (
          <ul className="grid gap-1 text-sm" aria-label="Documents you sent">
            {answered.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 text-slate-800">
                <FileCheck2 aria-hidden="true" className="h-4 w-4 text-emerald-700" />
                <span className="font-medium">{a.label}</span>
                {a.fileName ? <span className="break-all text-slate-600">{a.fileName}</span> : null}
                <span className="text-slate-700">· {a.review}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </Card>
  );
}
