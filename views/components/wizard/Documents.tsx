// Step 3's passport files and step 7's supporting documents (one per type, newest first, replace and delete).
import { Trash2 } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import type { DocumentView, Option, UploadRules } from "../../pages/portal/types.ts";
import { useApi } from "../../shared.tsx";
import { useToast } from "../ui/toast.tsx";
import { useInputBeforeScript } from "../ui/useInputBeforeScript.ts";
import { FileSlot } from "./FileSlot.tsx";

const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
const DOC_ACCEPT = `${IMAGE_ACCEPT},.pdf,application/pdf`;

export interface PassportFiles {
  scan: { url: string; mime: string } | null;
  photo: { url: string; mime: string } | null;
}

export function PassportUploads({
  rules,
  applicationId,
  files,
  onChange,
}: {
  rules: UploadRules;
  applicationId: string | null;
  files: PassportFiles;
  onChange: (f: PassportFiles) => void;
}) {
  const base = applicationId ? `/api/applications/${applicationId}/passport` : null;
  const asCurrent = (f: PassportFiles["scan"], name: string) => (f ? { url: f.url, isImage: f.mime.startsWith("image/"), name } : null);
  const done = (key: keyof PassportFiles) => (answer: unknown) => {
    const a = answer as { url: string; mimeType: string };
    onChange({ ...files, [key]: { url: `${a.url}?v=${Date.now()}`, mime: a.mimeType } });
  };
  return (
    <div className="grid gap-3">
      <FileSlot
        rules={rules}
        label="Passport scan"
        hint="The photo page of your passport: .jpg, .jpeg, .png or .pdf, under 10MB."
        accept={DOC_ACCEPT}
        url={base && `${base}/passport-scan`}
        current={asCurrent(files.scan, "passport scan")}
        successToast="File uploaded successfully"
        onUploaded={done("scan")}
      />
      <FileSlot
        rules={rules}
        label="Passport photo"
        hint="A recent passport-style photo on a white background: .jpg, .jpeg or .png."
        accept={IMAGE_ACCEPT}
        url={base && `${base}/photo`}
        current={asCurrent(files.photo, "passport photo")}
        successToast="File uploaded successfully"
        onUploaded={done("photo")}
      />
    </div>
  );
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export function DocumentsStep(props: {
  rules: UploadRules;
  applicationId: string | null;
  documentTypes: Option[];
  expected: string[];
  documents: DocumentView[];
  onChange: (d: DocumentView[]) => void;
}) {
  const { applicationId, documentTypes, expected, documents, onChange } = props;
  const api = useApi();
  const { toast } = useToast();
  const [type, setType] = useState(expected[0] ?? documentTypes[0].value);
  const chooseType = (e: ChangeEvent<HTMLSelectElement>) => setType(e.target.value);
  const typeRef = useInputBeforeScript(type, chooseType);
  const byType = new Map(documents.map((d) => [d.documentType, d]));
  const inPlace = expected.filter((t) => byType.has(t)).length;
  const labelOf = (t: string) => documentTypes.find((d) => d.value === t)?.label ?? t;

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
      {expected.length ? (
        <section aria-labelledby="expected-docs" className="rounded-xl bg-brand-50 p-4">
          <h2 id="expected-docs" className="font-semibold text-slate-900">
            Documents your consultant expects: {inPlace} of {expected.length} in place
          </h2>
          <ul className="mt-2 grid gap-1 text-sm text-slate-800">
            {expected.map((t) => (
              <li key={t}>
                {byType.has(t) ? "✓" : "○"} {labelOf(t)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-700">This is a guide: you can continue without them and add them later.</p>
        </section>
      ) : null}
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
          aria-describedby={byType.has(type) ? "doc-type-replaces" : undefined}
          className="w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          {documentTypes.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
              {byType.has(d.value) ? " (uploaded)" : ""}
            </option>
          ))}
        </select>
        {byType.has(type) ? (
          <p id="doc-type-replaces" className="text-xs text-slate-700">
            A new file replaces the {labelOf(type).toLowerCase()} you uploaded.
          </p>
        ) : null}
      </div>
      <FileSlot
        rules={props.rules}
        label="Supporting document"
        hint="One document per type: .jpg, .jpeg, .png or .pdf, under 10MB."
        accept={DOC_ACCEPT}
        url={applicationId ? `/api/applications/${applicationId}/documents` : null}
        current={null}
        required={false}
        fields={{ document_type: type }}
        successToast="Document uploaded successfully"
        onUploaded={(answer) => {
          const doc = (answer as { document: DocumentView }).document;
          onChange([doc, ...documents.filter((d) => d.documentType !== doc.documentType)]);
        }}
      />
      <section aria-labelledby="uploaded-docs">
        <h2 id="uploaded-docs" className="mb-2 font-semibold text-slate-900">
          Uploaded documents
        </h2>
        {documents.length === 0 ? (
          <p className="text-sm text-slate-700">No documents uploaded yet.</p>
        ) : (
          <ul className="grid gap-2">
            {documents.map((d) => (
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
