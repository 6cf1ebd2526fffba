// Step 7's supporting documents: "Documents for your application" (each item with its file), then any other document by
// type (one per type, replace and delete).

import type { DocumentsForApplication, DocumentView, Option, UploadRules } from "../../pages/portal/types.ts";
import { useApi } from "../../shared.tsx";
import { deferred } from "../deferred.tsx";
import { useToast } from "../ui/toast.tsx";
import { fileOf } from "./documentFiles.ts";
import { DOC_ACCEPT, FileSlot } from "./FileSlot.tsx";

// Under the list (below the fold on a phone): fetched after the page is usable, its server HTML standing meanwhile.
const AnotherDocumentLater = deferred(() => import("./AnotherDocument.tsx").then((m) => ({ default: m.AnotherDocument })), { later: true });

const sameFile = (a: DocumentView, b: DocumentView) => a.documentType === b.documentType && a.requirementKey === b.requirementKey;

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
            <p className="mt-1 text-sm text-slate-700">{list.intro}</p>
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
  const onDelete = (d: DocumentView) => void remove(d);

  return (
    <div className="grid gap-6">
      <DocumentsForApplicationList
        rules={props.rules}
        applicationId={applicationId}
        list={list}
        documents={documents}
        onUploaded={uploaded}
        onDelete={onDelete}
      />
      <AnotherDocumentLater
        rules={props.rules}
        applicationId={applicationId}
        documentTypes={documentTypes}
        list={list}
        documents={documents}
        onUploaded={uploaded}
        onDelete={onDelete}
      />
    </div>
  );
}
