// /admin/application/{id}/form-sheet: the government's form for the case's destination, section by section in the
// form's order, each answer in the form's format with a button copying it; the questions without an answer first.
import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ArrowLeft } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatDate } from "../../lib/format.ts";
import type { FormSheetProps, SheetQuestionView } from "./formSheetTypes.ts";

const numbered = (q: SheetQuestionView) => (q.number ? `${q.number}. ${q.label}` : q.label);

function CopyButton({ q, onCopied }: { q: SheetQuestionView; onCopied: (label: string) => void }) {
  const copy = async () => {
    await navigator.clipboard.writeText(q.value ?? "");
    onCopied(numbered(q));
  };
  return (
    <Button variant="outline" className="shrink-0" onClick={copy} aria-label={`Copy the answer to ${numbered(q)}`}>
      Copy
    </Button>
  );
}

export default function FormSheet({ application: a, sheet, printedForm }: FormSheetProps) {
  const [copied, setCopied] = useState("");
  const missing = sheet?.sections.flatMap((s) => s.questions.filter((q) => q.value === null)) ?? [];
  return (
    <AdminLayout>
      <Link to={`/admin/application/${a.id}`} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to review
      </Link>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">
        Answer sheet <span className="whitespace-nowrap">{a.reference}</span>
      </h1>
      <p className="mb-6 text-slate-700 wrap-anywhere">{[a.applicantName, a.destination].filter(Boolean).join(" · ")}</p>
      {!sheet ? (
        <Card>
          <p className="text-slate-700">
            No answer sheet is kept for {a.destination ? `“${a.destination}”` : "an application without a destination"} yet. Fill in the form from the
            full application.
          </p>
        </Card>
      ) : (
        <>
          <Card className="mb-6">
            <h2 className="text-lg font-semibold text-slate-900">{sheet.name}</h2>
            <p className="mt-1 text-sm text-slate-700">
              Questions in the form's order, checked against{" "}
              <a href={sheet.source.href} className="font-semibold text-brand-800 underline" rel="noopener noreferrer">
                {sheet.source.label}
              </a>{" "}
              on {formatDate(sheet.checked)}.
            </p>
            {printedForm ? (
              <p className="mt-3 text-slate-800">
                <a href={printedForm.href} className="font-semibold text-brand-800 underline">
                  {printedForm.label}
                </a>
                {printedForm.notFilled.length > 0 ? (
                  <span className="block text-sm text-slate-700">Not filled: {printedForm.notFilled.join(", ")} (listed on its last page).</span>
                ) : null}
              </p>
            ) : null}
          </Card>
          <Card className="mb-6">
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Not answered yet ({missing.length})</h2>
            {missing.length === 0 ? (
              <p className="text-slate-700">Every question has an answer.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-slate-800 wrap-anywhere">
                {missing.map((q) => (
                  <li key={q.id}>
                    <a href={`#${q.id}`} className="font-semibold text-brand-800 underline">
                      {numbered(q)}
                    </a>
                    {q.required ? " (required)" : ""}: {q.missing}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <p aria-live="polite" className="sr-only">
            {copied ? `Copied the answer to ${copied}` : ""}
          </p>
          {sheet.sections.map((s) => (
            <Card key={s.title} className="mb-6">
              <h2 className="mb-3 text-lg font-semibold text-slate-900 wrap-anywhere">{s.title}</h2>
              <ul className="divide-y divide-slate-200">
                {s.questions.map((q) => (
                  <li key={q.id} id={q.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                    <div className="min-w-0 flex-1 wrap-anywhere">
                      <p className="text-sm font-semibold text-slate-700">{numbered(q)}</p>
                      <p className={q.value === null ? "text-amber-800" : "font-mono text-slate-900 whitespace-pre-line"}>{q.value ?? q.missing}</p>
                    </div>
                    {q.value !== null ? <CopyButton q={q} onCopied={setCopied} /> : null}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </>
      )}
    </AdminLayout>
  );
}
