// Staff review the files beside what the applicant typed: a preview of each (images inline, PDFs in a viewer, both
// through the authorised route), its review state, and Accept / Send back with a reason the applicant reads.

import { type FormEvent, useId, useState } from "react";
import type { DocumentReviewProps, ReviewedFile } from "../../pages/admin/requestTypes.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextArea } from "../ui/field.tsx";
import { Check, FileText, Undo2 } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import { useHydrated } from "../ui/useHydrated.ts";

const STATE_STYLE: Record<string, string> = {
  to_review: "bg-amber-100 text-amber-900",
  accepted: "bg-emerald-100 text-emerald-900",
  sent_back: "bg-red-100 text-red-900",
};

function Preview({ file }: { file: ReviewedFile }) {
  if (file.isImage) {
    return (
      <img
        src={file.previewUrl}
        alt={`${file.label} preview`}
        loading="lazy"
        className="max-h-72 w-auto max-w-full rounded border border-slate-200"
      />
    );
  }
  if (file.isPdf) {
    return <iframe src={file.previewUrl} title={`${file.label} (PDF)`} loading="lazy" className="h-80 w-full rounded border border-slate-200" />;
  }
  return <FileText aria-hidden="true" className="h-10 w-10 text-slate-500" />;
}

function Decision({ file, reasonMaxLength }: { file: ReviewedFile; reasonMaxLength: number }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const reasonId = useId();
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail, failField, clear } = useFieldErrors("Error");

  const decide = async (body: { decision: "accepted" } | { decision: "sent_back"; reason: string }) => {
    setBusy(true);
    try {
      await api("POST", `/api/admin/documents/${file.id}/review`, body);
      clear();
      toast({ title: body.decision === "accepted" ? "Document accepted" : "Document sent back" });
      setSending(false);
      setReason("");
      await reload();
    } catch (err) {
      fail(err, "The review was not saved");
    } finally {
      setBusy(false);
    }
  };
  const onSendBack = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      failField("reason", "Say why the document is sent back");
      document.getElementById(reasonId)?.focus();
      return;
    }
    void decide({ decision: "sent_back", reason: reason.trim() });
  };

  if (sending) {
    return (
      <form onSubmit={onSendBack} noValidate className="grid gap-2">
        <TextArea
          id={reasonId}
          label={`Why is "${file.label}" sent back?`}
          name="reason"
          rows={2}
          required
          maxLength={reasonMaxLength}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint="The applicant reads this in an e-mail and on their application."
          error={errors.reason}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={!hydrated || busy}>
            <Undo2 aria-hidden="true" className="h-4 w-4" />
            {busy ? "Sending back…" : "Send back"}
          </Button>
          <Button type="button" variant="outline" onClick={() => setSending(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {file.reviewState !== "accepted" ? (
        <Button type="button" onClick={() => void decide({ decision: "accepted" })} disabled={!hydrated || busy}>
          <Check aria-hidden="true" className="h-4 w-4" />
          Accept<span className="sr-only"> {file.label}</span>
        </Button>
      ) : null}
      <Button type="button" variant="outline" onClick={() => setSending(true)} disabled={!hydrated || busy}>
        <Undo2 aria-hidden="true" className="h-4 w-4" />
        Send back<span className="sr-only"> {file.label}</span>
      </Button>
    </div>
  );
}

export function DocumentReview({ files, accepted, reviewable, typed, reasonMaxLength }: DocumentReviewProps) {
  return (
    <section aria-labelledby="documents-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
          Documents
        </h2>
        {reviewable > 0 ? (
          <p className="text-sm font-medium text-slate-800">
            {accepted} of {reviewable} accepted
          </p>
        ) : null}
      </div>
      <div className="rounded-lg bg-slate-50 p-3">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">What the applicant typed</h3>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {typed.map((t) => (
            <div key={t.label} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600">{t.label}:</dt>
              <dd className="wrap-anywhere font-medium text-slate-900">{t.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {files.length === 0 ? (
        <p className="text-slate-700">No files uploaded yet.</p>
      ) : (
        <ul className="grid gap-4">
          {files.map((f) => (
            <li key={f.id} className="grid gap-3 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-medium text-slate-900">{f.requestLabel ?? f.label}</h3>
                  <p className="break-all text-sm text-slate-700">{f.fileName}</p>
                </div>
                {f.reviewLabel ? (
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[f.reviewState ?? "to_review"]}`}>{f.reviewLabel}</span>
                ) : null}
              </div>
              <Preview file={f} />
              {f.reviewReason ? <p className="text-sm text-red-800">Sent back: {f.reviewReason}</p> : null}
              <div className="flex flex-wrap items-center justify-between gap-2">
                {f.reviewState && f.reviewState !== "sent_back" ? <Decision file={f} reasonMaxLength={reasonMaxLength} /> : <span />}
                <a href={f.url} className="text-sm font-semibold text-brand-800 underline">
                  Download<span className="sr-only"> {f.label}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
