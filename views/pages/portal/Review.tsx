// /visa-application/{id}/review (SPEC §2.10): read-only summary, missing fields and passport checks, submit.

import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { ApplicationSections } from "../../components/portal/ApplicationSections.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { AlertTriangle, Send } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useApi } from "../../shared.tsx";
import type { ApplicationForm, DocumentView, MissingField, Option, SpecificField } from "./types.ts";

export interface ReviewProps {
  application: ApplicationForm;
  specificFields: SpecificField[];
  genders: Option[];
  maritalStatuses: Option[];
  documents: DocumentView[];
  missing: MissingField[];
  /** Required documents of "Documents for your application" not uploaded yet: named, but they never block submitting. */
  missingDocuments: MissingField[];
  /** Answers in a format that is not valid, with what is wrong. */
  invalid: (MissingField & { message: string })[];
  passport: { blocking: string[]; warnings: string[] };
  canSubmit: boolean;
  /** Its family group (where the group is submitted together), or the way to start one. */
  family?: { text: string; link: string; url: string } | null;
}

/**
 * Answers to fix before submitting, each linked to its wizard step; `sendHere` (a submitted application's missing
 * documents) links each to the details page's documents part instead, where they are sent.
 */
function StepProblems({
  applicationId,
  title,
  items,
  note,
  sendHere,
}: {
  applicationId: string;
  title: string;
  items: MissingField[];
  note?: string;
  sendHere?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <Card className="mb-6 border-amber-300 bg-amber-50">
      <h2 className="font-semibold text-amber-950">{title}</h2>
      <ul className="mt-2 grid gap-1 text-amber-950">
        {items.map((m) => (
          <li key={m.key}>
            {m.label} —{" "}
            {sendHere ? (
              <Link to={`/application/${applicationId}#missing-documents`} className="font-semibold underline">
                send it<span className="sr-only"> ({m.label})</span>
              </Link>
            ) : (
              <Link to={`/visa-application/${applicationId}?step=${m.step}`} className="font-semibold underline">
                step {m.step}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {note ? <p className="mt-2 text-sm text-amber-950">{note}</p> : null}
    </Card>
  );
}

/** "Submit VA-2026-QKULVQ now? You cannot edit it afterwards." */
const submitQuestion = (reference: string) => `Submit ${reference} now? You cannot edit it afterwards.`;

export default function Review({
  application: a,
  specificFields,
  genders,
  maritalStatuses,
  documents,
  missing,
  missingDocuments,
  invalid,
  passport,
  canSubmit,
  family,
}: ReviewProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const submitted = a.status !== "draft";

  const submit = async () => {
    // Asked once, in words, as staff are before a status change: a submitted application cannot be edited.
    if (!window.confirm(submitQuestion(a.reference_number))) return;
    setBusy(true);
    try {
      // The server names the "What happens next" page.
      const res = await api<{ redirect: string }>("POST", `/api/applications/${a.id}/submit`);
      toast({ title: "Application submitted successfully!" });
      navigate(res.redirect);
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "Could not submit", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalLayout>
      <BackToDashboard />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Review Your Application</h1>
        <StatusBadge status={a.status} label={a.statusLabel} />
      </div>
      <StepProblems applicationId={a.id} title="Some required information is missing" items={missing} />
      <StepProblems
        applicationId={a.id}
        title="Documents for your application not uploaded yet"
        items={missingDocuments}
        note={
          submitted
            ? "Send them from your application's page: your consultant reviews each file as it arrives."
            : "You can submit without them: your consultant will ask for them, and your application may wait until they arrive."
        }
        sendHere={submitted}
      />
      <StepProblems
        applicationId={a.id}
        title="Some answers are not in a valid format"
        items={invalid.map((m) => ({ ...m, label: `${m.label}: ${m.message}` }))}
      />
      {passport.blocking.length + passport.warnings.length > 0 ? (
        <Card className="mb-6 border-red-300 bg-red-50">
          <h2 className="flex items-center gap-2 font-semibold text-red-900">
            <AlertTriangle aria-hidden="true" className="h-5 w-5" />
            Check your dates
          </h2>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-red-900">
            {[...passport.blocking, ...passport.warnings].map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card>
        <ApplicationSections
          application={a}
          specificFields={specificFields}
          genders={genders}
          maritalStatuses={maritalStatuses}
          documents={documents}
        />
      </Card>
      {family ? (
        <p className="mt-6 text-slate-800">
          {family.text}{" "}
          <a href={family.url} className="font-semibold text-brand-800 underline">
            {family.link}
          </a>
        </p>
      ) : null}
      <div role="note" className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>Once submitted, your application cannot be edited. Check every detail against your passport before you submit.</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {!submitted ? (
          <ButtonLink to={`/visa-application/${a.id}`} variant="outline">
            Edit Application
          </ButtonLink>
        ) : null}
        <Button onClick={() => void submit()} disabled={submitted || busy || !canSubmit}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {busy ? "Submitting…" : "Submit Application"}
        </Button>
      </div>
    </PortalLayout>
  );
}
