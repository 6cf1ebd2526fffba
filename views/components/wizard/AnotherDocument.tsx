// Step 7's second part, under the list: any other document by type (one per type), and the other documents uploaded.
// Below the fold on a phone: its script comes after the page is usable (views/components/deferred.tsx, `later`), and
// the server's HTML stands until then, a choice made meanwhile kept (useInputBeforeScript).

import { type ChangeEvent, useState } from "react";
import type { DocumentsForApplication, DocumentView, Option, UploadRules } from "../../pages/portal/types.ts";
import { useInputBeforeScript } from "../ui/useInputBeforeScript.ts";
import { fileOf } from "./documentFiles.ts";
import { DOC_ACCEPT, FileSlot } from "./FileSlot.tsx";

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export function AnotherDocument(props: {
  rules: UploadRules;
  applicationId: string | null;
  documentTypes: Option[];
  list: DocumentsForApplication | null;
  documents: DocumentView[];
  onUploaded: (d: DocumentView) => void;
  onDelete: (d: DocumentView) => void;
}) {
  const { applicationId, documentTypes, list, documents } = props;
  const [type, setType] = useState(documentTypes[0].value);
  const chooseType = (e: ChangeEvent<HTMLSelectElement>) => setType(e.target.value);
  const typeRef = useInputBeforeScript(type, chooseType);
  // The generic upload files one document per type (never under an item's key).
  const byType = new Map(documents.filter((d) => d.requirementKey === null).map((d) => [d.documentType, d]));
  const labelOf = (t: string) => documentTypes.find((d) => d.value === t)?.label ?? t;
  const listed = (d: DocumentView) => list?.items.some((i) => fileOf(i, [d])) ?? false;
  // A type whose one file is an item's of the list ("Proof of funds" is the bank statement): a file by type never
  // replaces it (the server refuses), so it is replaced under its item.
  const heldBy = (t: string) => list?.items.find((i) => i.filedAs.documentType === t && i.filedAs.requirementKey === null && fileOf(i, documents));
  const held = heldBy(type);
  const others = documents.filter((d) => !listed(d));

  return (
    <div className="grid gap-6">
      <div className="border-t border-slate-200 pt-5">
        <h2 className="font-semibold text-slate-900">Another document</h2>
        <p className="mt-1 text-sm text-slate-700">Anything else your consultant asks for, by type.</p>
      </div>
      <div className="grid gap-2">
        <label htmlFor="doc-type" className="text-sm font-medium text-slate-800">
          Document type
        </label>
        {/* A select is as wide as its longest option: held to the column so a long one never widens the page. */}
        <select
          ref={typeRef}
          id="doc-type"
          value={type}
          onChange={chooseType}
          aria-describedby={held || byType.has(type) ? "doc-type-replaces" : undefined}
          className="w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          {documentTypes.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
              {heldBy(d.value) ? ` (uploaded as ${heldBy(d.value)?.label})` : byType.has(d.value) ? " (uploaded)" : ""}
            </option>
          ))}
        </select>
        {held ? (
          <p id="doc-type-replaces" className="text-sm text-slate-800">
            This type holds your file for “{held.label}” above (one file per type): to change that file, use its Replace button.
          </p>
        ) : byType.has(type) ? (
          <p id="doc-type-replaces" className="text-xs text-slate-700">
            A new file replaces the {labelOf(type).toLowerCase()} you uploaded.
          </p>
        ) : null}
      </div>
      {held ? null : (
        <FileSlot
          compact
          rules={props.rules}
          label="Supporting document"
          hint="One document per type: .jpg, .jpeg, .png or .pdf, under 10MB."
          accept={DOC_ACCEPT}
          url={applicationId ? `/api/applications/${applicationId}/documents` : null}
          current={null}
          required={false}
          fields={{ document_type: type }}
          successToast="Document uploaded successfully"
          onUploaded={(answer) => props.onUploaded((answer as { document: DocumentView }).document)}
        />
      )}
      <section aria-labelledby="uploaded-docs">
        <h2 id="uploaded-docs" className="mb-2 font-semibold text-slate-900">
          Other documents you uploaded
        </h2>
        {others.length === 0 ? (
          <p className="text-sm text-slate-700">None yet.</p>
        ) : (
          <ul className="grid gap-2">
            {others.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
                <div className="min-w-0">
                  <a href={d.url} className="block truncate font-medium text-brand-800 underline">
                    {d.fileName}
                  </a>
                  <span className="text-sm text-slate-700">{d.size === undefined ? d.label : `${d.label} · ${kb(d.size)}`}</span>
                </div>
                <button
                  type="button"
                  onClick={() => props.onDelete(d)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${d.label}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
