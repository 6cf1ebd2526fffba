// /application/{id} (SPEC §2.10): status badge, payment, status history timeline, Pay Now and quick actions.

import { deferred } from "../../components/deferred.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { Thread, type ThreadProps } from "../../components/messages/Thread.tsx";
import { BillLines } from "../../components/payment/BillLines.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { ChangesRequested } from "../../components/portal/ChangesRequested.tsx";
import { MissingDocuments } from "../../components/portal/MissingDocuments.tsx";
import { RequestedDocuments } from "../../components/portal/RequestedDocuments.tsx";
import { StageTimeline } from "../../components/portal/StageTimeline.tsx";
import { RelatedApplications, StartAgainButton } from "../../components/portal/StartAgain.tsx";
import { PaymentBadge, StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { StatusTimeline } from "../../components/portal/StatusTimeline.tsx";
import type { StageTimelineProps } from "../../components/portal/stageTimelineTypes.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { CreditCard, Eye, Pencil, Receipt } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import type { BillView, InstalmentView } from "../../lib/bill.ts";
import { formatDate, formatDateTime, formatUsd } from "../../lib/format.ts";
import { TRANSFER_WAITING_TITLE } from "../../lib/payments.ts";
import type { MissingDocumentsProps, RequestedDocumentsProps } from "./requestTypes.ts";
import type { ApplicationSummary, HistoryEntry, PhotoCheckView } from "./types.ts";

/**
 * The payment status while a bank transfer's proof waits for staff: the payment page's words, not "Payment pending";
 * they may wrap on a phone rather than push the card wider than the screen. (Kept in this page's own code: a shared
 * part would weigh on every portal page.)
 */
const TransferCheckingBadge = () => (
  <span className="inline-flex items-center rounded-2xl bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-950">{TRANSFER_WAITING_TITLE}</span>
);

// A split bill's schedule, below the first screen: its script comes after the page is usable (the HTML is there at once).
// Plain text with no script of its own: its chunk comes after the page is usable, its server HTML standing until then.
const PhotoWarnings = deferred(() => import("../../components/PhotoWarnings.tsx"), { later: true });
const InstalmentSchedule = deferred(() => import("../../components/payment/InstalmentSchedule.tsx"), { later: true });

export interface DetailsProps {
  application: ApplicationSummary & {
    amountPaid: number | null;
    paymentReference: string | null;
    paidAt: string | null;
    fee: number;
    fullName: string | null;
  };
  history: HistoryEntry[];
  /** The staff note when the application was sent back for changes. */
  changesRequested: string | null;
  /** A refunded fee: how much, when (ISO) and why. */
  refund: { amountText: string; refundedAt: string; reason: string } | null;
  showPayNow: boolean;
  /** A family member's case whose fee the family group's bill carries: that sentence and where the group pays; else null. */
  groupBill: { text: string; href: string } | null;
  /** A family member submitted after the group's bill was split or paid: why its fee is paid on its own; else null. */
  ownBill: string | null;
  /** A bank transfer whose proof waits for staff: its amount and when the proof came (ISO). Pay Now is not offered. */
  transferWaiting: { amountText: string; proofAt: string } | null;
  /** The fee in the currency it is charged in at today's rate ("₦232,500"), when that is not dollars. */
  feeCharged: string | null;
  /** How that amount was reached from the dollar price ("$150 at ₦1,550/$, rate of 29 Nov 2026"). */
  feeBasis: string | null;
  /** The bill's lines, when staff added any to the service fee. */
  bill: BillView | null;
  /** A split bill's instalments (paid, due next, later); empty when it is paid in one payment. */
  instalments: InstalmentView[];
  /** What was paid, in the currency it was paid in ("₦232,500"), once paid (or refunded). */
  paidText: string | null;
  /** A paid (or since refunded) payment with its receipt: only then is "View receipt" offered. */
  hasReceipt: boolean;
  canEdit: boolean;
  /** A rejected application can be started again as a new draft with the same answers and files. */
  canStartAgain: boolean;
  related: { startedFrom: { id: string; reference: string } | null; startedAgainAs: { id: string; reference: string }[] };
  /** Its family group, or the way to start one. */
  family: { text: string; link: string; url: string } | null;
  /** The conversation with staff about this application. */
  thread: ThreadProps;
  /** Documents staff asked for: upload into the open ones. */
  requests: RequestedDocumentsProps;
  /** Required documents the application was submitted without, to send while it is submitted or under review. */
  missingDocuments: MissingDocumentsProps;
  /** Once approved: the steps of the government's side, the next one, the appointment and what to bring. */
  stages: StageTimelineProps | null;
  /** Once approved, where a sheet is kept for the destination: whether the applicant has signed the answers we lodge. */
  signing: { state: "none" | "valid" | "void" } | null;
  /** The passport photo against the destination's photo rules: shown when a rule failed or it could not be opened. */
  photoCheck: PhotoCheckView;
  /** Once submitted, where the destination's form is printed (Schengen): its download and the boxes it leaves empty. */
  printedForm: { href: string; label: string; notFilled: string[] } | null;
  /** Once submitted: the service agreement's line (signed when and which version, or not yet) and its link. */
  agreement: { text: string; href: string; linkText: string } | null;
}

export default function Details({
  application: a,
  history,
  changesRequested,
  refund,
  showPayNow,
  groupBill,
  ownBill,
  transferWaiting,
  feeCharged,
  feeBasis,
  bill,
  instalments,
  paidText,
  hasReceipt,
  canEdit,
  canStartAgain,
  related,
  family,
  thread,
  requests,
  missingDocuments,
  stages,
  signing,
  photoCheck,
  printedForm,
  agreement,
}: DetailsProps) {
  return (
    <PortalLayout>
      <BackToDashboard />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{a.visaTypeLabel}</h1>
          <p className="font-mono text-sm text-slate-700">{a.reference}</p>
        </div>
        <StatusBadge status={a.status} label={a.statusLabel} />
      </div>
      {changesRequested ? <ChangesRequested note={changesRequested} editHref={`/visa-application/${a.id}`} /> : null}
      {canStartAgain ? (
        // A rejected application's one way forward comes first, under its status, not after the messages and payment.
        <Card className="mb-6 border-brand-600 bg-brand-50">
          <section aria-labelledby="start-again">
            <h2 id="start-again" className="text-lg font-semibold text-slate-900">
              What you can do now
            </h2>
            <p className="mt-1 text-slate-800">
              Start a new application with the same answers and documents, change what needs changing, and submit it again.
            </p>
            <div className="mt-4">
              <StartAgainButton applicationId={a.id} />
            </div>
          </section>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          {signing ? (
            <Card className={signing.state === "valid" ? "" : "border-amber-300 bg-amber-50"}>
              <p className="mb-2 text-slate-800">
                {signing.state === "valid"
                  ? "You have signed the answers we will lodge."
                  : signing.state === "void"
                    ? "An answer changed after you signed: please sign the answers again before we lodge the form."
                    : "Before we lodge your form, read the answers we will give and sign them."}
              </p>
              <ButtonLink to={`/application/${a.id}/sign`} variant={signing.state === "valid" ? "outline" : "primary"}>
                {signing.state === "valid" ? "View what you signed" : "Review and sign what we will lodge"}
              </ButtonLink>
            </Card>
          ) : null}
          {printedForm ? (
            <Card>
              <a href={printedForm.href} className="font-semibold text-brand-800 underline">
                {printedForm.label}
              </a>
              <p className="mt-1 text-sm text-slate-700">
                Your answers on the government's form, to print and sign.
                {printedForm.notFilled.length > 0 ? ` Not filled: ${printedForm.notFilled.join(", ")} (its last page says what is missing).` : ""}
              </p>
            </Card>
          ) : null}
          {stages ? (
            <Card>
              <StageTimeline {...stages} />
            </Card>
          ) : null}
          <RequestedDocuments {...requests} />
          <MissingDocuments {...missingDocuments} />
          {photoCheck.warnings.length ? <PhotoWarnings photo={photoCheck} /> : null}
          {transferWaiting ? (
            <Card className="border-sky-300 bg-sky-50">
              <h2 className="text-lg font-semibold text-slate-900">{TRANSFER_WAITING_TITLE}</h2>
              <p className="mt-1 text-slate-800">
                {transferWaiting.amountText} by bank transfer, proof received {formatDateTime(transferWaiting.proofAt)}. We confirm transfers within
                one working day and e-mail you either way.
              </p>
              <ButtonLink to={`/payment/${a.id}`} variant="outline" className="mt-4">
                See your transfer
              </ButtonLink>
            </Card>
          ) : null}
          {groupBill ? (
            <Card className="border-brand-600 bg-brand-50">
              <h2 className="text-lg font-semibold text-slate-900">Paid with the family group</h2>
              <p className="mt-1 text-slate-800">{groupBill.text}</p>
              <ButtonLink to={groupBill.href} className="mt-4">
                See the family group's bill
              </ButtonLink>
            </Card>
          ) : null}
          {showPayNow ? (
            <Card className="border-brand-600 bg-brand-50">
              <h2 className="text-lg font-semibold text-slate-900">Pay your application fee</h2>
              <p className="mt-1 text-slate-800">
                The {a.visaTypeLabel.toLowerCase()} application fee is {feeCharged ?? formatUsd(a.fee)}
                {feeBasis ? ` (${feeBasis})` : ""}.
              </p>
              {ownBill ? <p className="mt-1 text-sm text-slate-700">{ownBill}</p> : null}
              {bill ? (
                <div className="mt-3">
                  <BillLines bill={bill} />
                </div>
              ) : null}
              <ButtonLink to={`/payment/${a.id}`} className="mt-4">
                <CreditCard aria-hidden="true" className="h-4 w-4" />
                Pay Now
              </ButtonLink>
            </Card>
          ) : null}
          <Card>
            <h2 className="mb-4 text-lg font-semibold text-slate-900">Status history</h2>
            <StatusTimeline history={history} emptyText="No status changes yet: this application is still a draft." />
          </Card>
          <Card>
            <Thread thread={thread} />
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Payment</h2>
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">Status</dt>
                <dd>{transferWaiting ? <TransferCheckingBadge /> : <PaymentBadge status={a.paymentStatus} />}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-slate-600">Amount</dt>
                <dd className="text-slate-900">
                  {transferWaiting?.amountText ?? paidText ?? feeCharged ?? (a.paymentStatus === "paid" ? formatUsd(a.amountPaid) : formatUsd(a.fee))}
                </dd>
              </div>
              {transferWaiting ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-600">Proof received</dt>
                  <dd className="text-right text-slate-900">{formatDateTime(transferWaiting.proofAt)}</dd>
                </div>
              ) : null}
              {a.paymentReference ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-600">Reference</dt>
                  <dd className="break-all font-mono text-slate-900">{a.paymentReference}</dd>
                </div>
              ) : null}
              {refund ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-600">Refunded</dt>
                  <dd className="text-right text-slate-900">
                    {refund.amountText} on {formatDate(refund.refundedAt)}
                    <span className="block text-slate-700">{refund.reason}</span>
                  </dd>
                </div>
              ) : null}
            </dl>
            {agreement ? (
              <p className="mt-3 text-sm text-slate-800">
                {agreement.text}{" "}
                <a href={agreement.href} className="font-semibold text-brand-800 underline">
                  {agreement.linkText}
                </a>
              </p>
            ) : null}
            {instalments.length > 0 ? (
              <>
                <h3 className="mt-4 mb-2 font-semibold text-slate-900">Payment schedule</h3>
                <InstalmentSchedule instalments={instalments} />
              </>
            ) : null}
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Quick actions</h2>
            <div className="grid gap-2">
              {canEdit ? (
                <ButtonLink to={`/visa-application/${a.id}`} variant="outline">
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit Application
                </ButtonLink>
              ) : null}
              {hasReceipt ? (
                <ButtonLink to={`/application/${a.id}/receipt`} variant="outline">
                  <Receipt aria-hidden="true" className="h-4 w-4" />
                  View receipt
                </ButtonLink>
              ) : null}
              <ButtonLink to={`/visa-application/${a.id}/review`} variant="outline">
                <Eye aria-hidden="true" className="h-4 w-4" />
                View Full Details
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-slate-700">
              Created {formatDate(a.createdAt)}
              {a.submittedAt ? ` · Submitted ${formatDate(a.submittedAt)}` : ""}
            </p>
            <RelatedApplications related={related} />
            {family ? (
              <p className="mt-3 text-sm text-slate-700">
                {family.text}{" "}
                <a href={family.url} className="font-semibold text-brand-800 underline">
                  {family.link}
                </a>
              </p>
            ) : null}
          </Card>
        </div>
      </div>
    </PortalLayout>
  );
}
