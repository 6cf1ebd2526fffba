// /admin/application/{id} (SPEC §2.11): summary, status update, internal notes, payments, status history, documents, full view link.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { ApplicantChecklists, OtherApplications } from "../../components/admin/ApplicantContext.tsx";
import { AssignmentPanel } from "../../components/admin/AssignmentPanel.tsx";
import { DocumentRequests } from "../../components/admin/DocumentRequests.tsx";
import { DocumentReview } from "../../components/admin/DocumentReview.tsx";
import { NoteForm, StatusForm } from "../../components/admin/ReviewForms.tsx";
import { deferred } from "../../components/deferred.tsx";
import { Thread } from "../../components/messages/Thread.tsx";
import { PaymentBadge, StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { StatusTimeline } from "../../components/portal/StatusTimeline.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { ArrowLeft, Eye, FileText } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatDate, formatUsd } from "../../lib/format.ts";
import type { ApplicationReviewProps } from "./types.ts";

// Below the first screen and usable without their script (plain form posts, a table of links, a list): their chunks
// come after the page is usable, their server HTML standing until then. The page's budget (90 KB) has no room for them.
const AfterApproval = deferred(() => import("../../components/admin/AfterApproval.tsx"), { later: true });
const BillCard = deferred(() => import("../../components/admin/BillCard.tsx"), { later: true });
const WhatsAppFile = deferred(() => import("../../components/admin/WhatsAppFile.tsx"), { later: true });
const ReviewPayments = deferred(() => import("../../components/admin/ReviewPayments.tsx"), { later: true });
const PhotoWarnings = deferred(() => import("../../components/PhotoWarnings.tsx"), { later: true });
const ReviewMessages = deferred(() => import("../../components/admin/ReviewMessages.tsx"), { later: true });

const ZONE_STATE = {
  none: "No passport scan read yet.",
  pending: "The passport scan is being read.",
  unreadable: "The bottom lines of the passport scan could not be read: check the answers against the scan.",
  read: "Read from the bottom lines of the passport scan (every check digit passed).",
};

/** Whether the scan's zone was read, and each kept answer that differs from what it says. */
function PassportZone({ zone }: { zone: ApplicationReviewProps["passportZone"] }) {
  return (
    <section aria-labelledby="zone-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="zone-heading" className="font-semibold text-slate-900">
        Passport zone
      </h3>
      <p className="text-sm text-slate-700">{ZONE_STATE[zone.state]}</p>
      {zone.state === "read" ? (
        zone.differences.length ? (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Answer</th>
                <th scope="col">Passport says</th>
                <th scope="col">Kept</th>
              </tr>
            </thead>
            <tbody>
              {zone.differences.map((d) => (
                <tr key={d.field}>
                  <th scope="row" className="font-normal">
                    {d.label}
                  </th>
                  <td className="font-mono">{d.read}</td>
                  <td>{d.kept || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-700">The answers match it.</p>
        )
      ) : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export default function ApplicationReview({
  application: a,
  notes,
  history,
  documentReview,
  passportZone,
  photoCheck,
  documentRequests,
  moves,
  noteMaxLength,
  applicantChecklists,
  otherApplications,
  family,
  familyOthers,
  messages,
  whatsapp,
  payments,
  assignment,
  thread,
  afterApproval,
  bill,
}: ApplicationReviewProps) {
  return (
    <AdminLayout>
      <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to all applications
      </Link>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 wrap-anywhere">
          <h1 className="text-2xl font-bold text-slate-900">
            Application <span className="whitespace-nowrap">{a.reference}</span>
          </h1>
          <p className="text-slate-700">
            {a.applicantName} · {a.visaTypeLabel}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={a.status} label={a.statusLabel} />
          <ButtonLink to={`/admin/application/${a.id}/full`} variant="outline">
            <Eye aria-hidden="true" className="h-4 w-4" />
            View Full Application
          </ButtonLink>
          <ButtonLink to={`/admin/application/${a.id}/form-sheet`} variant="outline">
            <FileText aria-hidden="true" className="h-4 w-4" />
            Answer sheet
          </ButtonLink>
        </div>
      </div>

      {/*
        On narrow screens the two columns dissolve (display: contents) so the status form follows the summary. Each
        column is one track no wider than its share (minmax(0, 1fr)), and a long word (an address, a link in a note)
        breaks where it must: sized by their content, the columns had pushed the right one past a 1280 px screen and a
        note's link past a phone's.
      */}
      <div className="grid grid-cols-1 gap-6 wrap-anywhere lg:grid-cols-3">
        <div className="contents min-w-0 lg:col-span-2 lg:grid lg:grid-cols-1 lg:content-start lg:gap-6">
          <Card className="order-1 lg:order-none">
            <h2 className="mb-4 text-lg font-semibold text-slate-900">Summary</h2>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
              <Fact label="Reference number">
                <span className="font-mono">{a.reference}</span>
              </Fact>
              <Fact label="Status">
                <StatusBadge status={a.status} label={a.statusLabel} />
              </Fact>
              <Fact label="Applicant">
                {a.applicantName}
                {a.applicantEmail ? <span className="block break-all text-sm text-slate-700">{a.applicantEmail}</span> : null}
              </Fact>
              <Fact label="Account">
                {a.accountName ?? "—"}
                {a.accountEmail ? <span className="block break-all text-sm text-slate-700">{a.accountEmail}</span> : null}
                {a.accountEmail && !a.accountEmailConfirmed ? (
                  <span className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">e-mail not confirmed</span>
                ) : null}
              </Fact>
              <Fact label="Visa type">{a.visaTypeLabel}</Fact>
              <Fact label="Destination">{a.destination ?? "—"}</Fact>
              <Fact label="Created">
                <DateTime value={a.createdAt} />
              </Fact>
              <Fact label="Submitted">{a.submittedAt ? <DateTime value={a.submittedAt} /> : "Not submitted"}</Fact>
              <Fact label="Payment">
                <PaymentBadge status={a.paymentStatus} />
              </Fact>
              <Fact label={a.paymentStatus === "paid" ? "Amount paid" : "Fee due"}>
                {a.feeText ?? (a.paymentStatus === "paid" ? formatUsd(a.amountPaid) : formatUsd(a.fee))}
                {a.paidAt ? <span className="block text-sm text-slate-700">Paid {formatDate(a.paidAt)}</span> : null}
              </Fact>
              <Fact label="Payment reference">
                <span className="break-all font-mono">{a.paymentReference ?? "—"}</span>
              </Fact>
              <Fact label="Service agreement">{a.agreementText ?? "—"}</Fact>
            </dl>
          </Card>

          {afterApproval ? (
            <Card className="order-2 lg:order-none">
              <AfterApproval {...afterApproval} />
            </Card>
          ) : null}

          <Card className="order-3 lg:order-none">
            <DocumentReview {...documentReview} />
            <PassportZone zone={passportZone} />
            <PhotoWarnings photo={photoCheck} staff />
          </Card>

          <Card className="order-3 lg:order-none">
            <Thread thread={thread} renderFile={(f) => <WhatsAppFile file={f} />} />
          </Card>

          <Card className="order-3 lg:order-none">
            <section aria-labelledby="notes-heading">
              <h2 id="notes-heading" className="mb-1 text-lg font-semibold text-slate-900">
                Internal notes
              </h2>
              <p className="mb-4 text-sm text-slate-700">Staff only: these notes are never shown to the applicant. To write to them, use Messages.</p>
              <NoteForm applicationId={a.id} maxLength={noteMaxLength} />
              {notes.length === 0 ? (
                <p className="mt-5 text-slate-700">No notes yet.</p>
              ) : (
                <ol className="mt-5 grid gap-3" aria-label="Notes, newest first">
                  {notes.map((n) => (
                    <li key={n.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                      <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{n.note}</p>
                      <p className="mt-2 text-sm text-slate-700">
                        {n.authorName} · <DateTime value={n.createdAt} />
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </Card>

          <Card className="order-4 lg:order-none">
            <BillCard {...bill} />
          </Card>

          <Card className="order-4 lg:order-none">
            <ReviewPayments payments={payments} />
          </Card>

          <Card className="order-4 lg:order-none">
            <h2 className="mb-4 text-lg font-semibold text-slate-900">Status history</h2>
            <StatusTimeline history={history} emptyText="No status changes recorded yet." />
          </Card>
        </div>

        <div className="contents min-w-0 lg:grid lg:grid-cols-1 lg:content-start lg:gap-6">
          <div className="order-2 lg:order-none">
            <AssignmentPanel applicationId={a.id} reference={a.reference} assignment={assignment} />
          </div>
          <Card className="order-2 lg:order-none">
            <StatusForm
              applicationId={a.id}
              reference={a.reference}
              applicantName={a.applicantName}
              currentStatus={a.status}
              moves={moves}
              noteMaxLength={noteMaxLength}
              familyOthers={familyOthers}
            />
          </Card>
          <Card className="order-5 lg:order-none">
            <DocumentRequests {...documentRequests} />
          </Card>
          <Card className="order-6 lg:order-none">
            <OtherApplications otherApplications={otherApplications} family={family} />
          </Card>
          <Card className="order-7 lg:order-none">
            <ApplicantChecklists applicantChecklists={applicantChecklists} />
          </Card>
          <Card className="order-8 lg:order-none">
            <ReviewMessages messages={messages} whatsapp={whatsapp} />
          </Card>
        </div>
      </div>
    </AdminLayout>
  );
}
