// Step 7's supporting documents: "Documents for your application" (each item with its file), then any other document by
// type (one per type, replace and delete).

import { type ChangeEvent, useState } from "react";
import type { DocumentsForApplication, DocumentView, Option, RequiredDocument, UploadRules } from "../../pages/portal/types.ts";
import { useApi } from "../../shared.tsx";
import { Trash2 } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useInputBeforeScript } from "../ui/useInputBeforeScript.ts";
import { DOC_ACCEPT, FileSlot } from "./FileSlot.tsx";

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

const sameFile = (a: DocumentView, b: DocumentView) => a.documentType === b.documentType && a.requirementKey === b.requirementKey;

/** The item's file: the uploaded document stored with the item's type and key. */
const fileOf = (item: RequiredDocument, documents: DocumentView[]) =>
  documents.find((d) => d.documentType === item.filedAs.documentType && d.requirementKey === item.filedAs.requirementKey);

function listIntro(list: DocumentsForApplication) {
  return list.destination
    ? `${list.visa}, ${list.destination}: what applicants from Nigeria are asked for.`
    : `${list.visa}: what most consulates ask of applicants from Nigeria. Where we keep a list for the destination country you give at step 5, it shows here; your consultant tells you anything else your destination asks for.`;
}

/** "Documents for your application": each item with its hint, whether it is required, its file and its upload. */
function DocumentsForApplicationList(props: {
  rules: UploadRules;
  applicationId: string | null;
  list: DocumentsForApplication | null;
  documents: DocumentView[];
  onUploaded: (d: DocumentView) => void;
  onDelete: (d: DocumentView) => void;
}) {
  const { list, documents } = props;
  const required = list?.items.filter((i) => i.required) ?? [];
  const inPlace = required.filter((i) => fileOf(i, documents)).length;
  return (
    <section aria-labelledby="documents-for-application" className="grid gap-3">
      <div>
        <h2 id="documents-for-application" className="text-lg font-semibold text-slate-900">
          Documents for your application
        </h2>
        {list ? (
          <>
            <p className="mt-1 text-sm text-slate-700">{listIntro(list)}</p>
            <p className="mt-1 text-sm font-medium text-slate-900">
              {inPlace} of {required.length} required documents uploaded
            </p>
            <p className="mt-1 text-xs text-slate-700">You can continue and submit without some of them: your consultant asks for what is missing.</p>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-700">Choose a visa type at step 1 to see the documents for your application.</p>
        )}
      </div>
      {list ? (
        <ul className="grid gap-3">
          {list.items.map((item) => {
            const file = fileOf(item, documents);
            return (
              // The item's state (required or not, its file and its Delete) is inside its card, read with it.
              <li key={item.key} aria-label={item.label}>
                <FileSlot
                  compact
                  rules={props.rules}
                  label={item.label}
                  hint={item.hint}
                  accept={DOC_ACCEPT}
                  url={props.applicationId ? `/api/applications/${props.applicationId}/documents` : null}
                  current={file ? { url: file.url, isImage: file.mimeType.startsWith("image/"), name: file.fileName } : null}
                  required={item.required}
                  badge={
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${item.required ? "bg-amber-100 text-amber-950" : "bg-slate-100 text-slate-800"}`}
                    >
                      {item.required ? "Required" : "Optional"}
                    </span>
                  }
                  status={
                    file ? (
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                        <span className="min-w-0 break-all text-slate-800">
                          Uploaded:{" "}
                          <a href={file.url} className="font-medium text-brand-800 underline">
                            {file.fileName}
                          </a>
                        </span>
                        <button
                          type="button"
                          onClick={() => props.onDelete(file)}
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                          aria-label={`Delete ${item.label}`}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                          Delete
                        </button>
                      </div>
                    ) : (
                      <p className="text-sm text-slate-700">Not uploaded yet</p>
                    )
                  }
                  fields={{ requirement_key: item.key }}
                  successToast="Document uploaded successfully"
                  onUploaded={(answer) => props.onUploaded((answer as { document: DocumentView }).document)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export function DocumentsStep(props: {
  rules: UploadRules;
  applicationId: string | null;
  documentTypes: Option[];
  list: DocumentsForApplication | null;
  documents: DocumentView[];
  onChange: (d: DocumentView[]) => void;
}) {
  const { applicationId, documentTypes, list, documents, onChange } = props;
  const api = useApi();
  const { toast } = useToast();
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
  const uploaded = (doc: DocumentView) => onChange([doc, ...documents.filter((d) => !sameFile(d, doc))]);

  const remove = async (doc: DocumentView) => {
    try {
      await api("DELETE", `/api/documents/${doc.id}`);
      onChange(documents.filter((d) => d.id !== doc.id));
      toast({ title: "Document deleted successfully" });
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "Could not delete", variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-6">
      <DocumentsForApplicationList
        rules={props.rules}
        applicationId={applicationId}
        list={list}
        documents={documents}
        onUploaded={uploaded}
        onDelete={(d) => void remove(d)}
      />
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
          onUploaded={(answer) => uploaded((answer as { document: DocumentView }).document)}
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
                  onClick={() => void remove(d)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${d.label}`}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
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
