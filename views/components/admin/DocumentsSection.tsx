// The application's supporting documents for an admin: type, file name, size and a download link.

import type { DocumentView } from "../../pages/portal/types.ts";
import { FileText } from "../ui/icons.ts";

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function DocumentsSection({ documents, headingLevel = 2 }: { documents: DocumentView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="documents-heading">
      <Heading id="documents-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Documents
      </Heading>
      {documents.length === 0 ? (
        <p className="text-slate-700">No supporting documents uploaded yet.</p>
      ) : (
        <ul className="grid gap-2">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-600" />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{d.label}</span>
                  <span className="block break-all text-sm text-slate-700">
                    {d.size === undefined ? d.fileName : `${d.fileName} · ${formatSize(d.size)}`}
                  </span>
                </span>
              </span>
              <a href={d.url} className="text-sm font-semibold text-brand-800 underline">
                Download<span className="sr-only"> {d.label}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
