// /admin/payments/{id}: one payment attempt's facts (quote, references, proof, who decided and when), and for a bank
// transfer awaiting staff the Confirm (amount received) and Reject (reason) forms: plain form posts.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { HeldPaymentForms } from "../../components/admin/HeldPaymentForms.tsx";
import { PaymentStateBadge } from "../../components/admin/PaymentStateBadge.tsx";
import { RefundForm } from "../../components/admin/RefundForm.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextArea, TextField } from "../../components/ui/field.tsx";
import { ArrowLeft, Check, FileText, X } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { HeldView, PaymentDetail } from "./paymentTypes.ts";

/** The page's props: the lead adds the refund form's (views/components/admin/RefundForm.tsx) beside these. */
export interface AdminPaymentProps {
  payment: PaymentDetail;
  /** A payment held for staff: what Apply would settle and how a refund goes; null for any other. */
  held: HeldView | null;
  /** A refused Confirm, Reject, Apply or Refund: which form, why, and what was typed. */
  refused: {
    form: "confirm" | "reject" | "apply" | "refund";
    message: string;
    fields: Record<string, string>;
    values: { received: string; reason: string; bankReference: string };
  } | null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

const mono = (v: string | null) => (v ? <span className="break-all font-mono">{v}</span> : "—");

function Refusal({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      {message}
    </p>
  );
}

function TransferForms({ payment: p, refused }: AdminPaymentProps) {
  const { csrfToken } = useShared();
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <input type="hidden" name="proofUploadedAt" value={p.proof?.uploadedAt ?? ""} />
    </>
  );
  const confirmRefused = refused?.form === "confirm" ? refused : null;
  const rejectRefused = refused?.form === "reject" ? refused : null;
  return (
    <Card>
      <section aria-labelledby="decide-heading">
        <h2 id="decide-heading" className="text-lg font-semibold text-slate-900">
          Bank transfer to confirm
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Look for {p.amountText} with the narration <span className="font-mono font-semibold">{p.paymentCode}</span> in the account, then confirm
          what arrived or reject it with a reason the applicant will read.
        </p>
        {p.confirmWarning ? (
          <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            {p.confirmWarning}
          </p>
        ) : null}
        <form method="post" action={`/admin/payments/${p.id}/confirm`} className="mt-4 grid gap-3" aria-label="Confirm the transfer">
          {hidden}
          {confirmRefused ? <Refusal message={confirmRefused.message} /> : null}
          <TextField
            label="Amount received"
            name="received"
            required
            inputMode="decimal"
            defaultValue={confirmRefused?.values.received || p.amountText}
            hint={`The quote is ${p.amountText}.`}
            error={confirmRefused?.fields.received}
          />
          <Button type="submit" className="justify-self-start">
            <Check aria-hidden="true" className="h-4 w-4" />
            Confirm
          </Button>
        </form>
        <form
          method="post"
          action={`/admin/payments/${p.id}/reject`}
          className="mt-6 grid gap-3 border-t border-slate-200 pt-4"
          aria-label="Reject the transfer"
        >
          {hidden}
          {rejectRefused ? <Refusal message={rejectRefused.message} /> : null}
          <TextArea
            label="Reason for rejecting"
            name="reason"
            required
            maxLength={1000}
            rows={3}
            defaultValue={rejectRefused?.values.reason ?? ""}
            hint="Sent to the applicant by e-mail, with a link to pay again."
            error={rejectRefused?.fields.reason}
          />
          <Button type="submit" variant="destructive" className="justify-self-start">
            <X aria-hidden="true" className="h-4 w-4" />
            Reject
          </Button>
        </form>
      </section>
    </Card>
  );
}

export default function Payment(props: AdminPaymentProps) {
  const { payment: p, refused, held } = props;
  const awaiting = p.provider === "bank_transfer" && p.state === "awaiting_confirmation";
  const heldRefused = refused?.form === "apply" || refused?.form === "refund" ? { ...refused, form: refused.form } : null;
  return (
    <AdminLayout>
      <Link to="/admin/payments" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to all payments
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {p.providerLabel} payment for{" "}
          {p.applicationId ? <span className="whitespace-nowrap">{p.applicationReference}</span> : `${p.applicantName}'s consultation`}
        </h1>
        <PaymentStateBadge state={p.state} label={p.stateLabel} />
      </div>
      {refused && !awaiting && !(held && heldRefused) ? <Refusal message={refused.message} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Payment</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
            {p.applicationId ? (
              <Fact label="Application">
                <Link to={`/admin/application/${p.applicationId}`} className="font-mono font-semibold text-brand-800 underline">
                  {p.applicationReference}
                </Link>
                <span className="block text-sm text-slate-700">Status: {p.applicationStatus}</span>
              </Fact>
            ) : (
              <Fact label="Paid for">
                {p.consultation}
                <span className="block text-sm text-slate-700">Status: {p.applicationStatus}</span>
              </Fact>
            )}
            <Fact label={p.applicationId ? "Applicant" : "Booked by"}>
              {p.applicantName}
              {p.accountEmail ? <span className="block break-all text-sm text-slate-700">{p.accountEmail}</span> : null}
            </Fact>
            <Fact label="Provider">{p.providerLabel}</Fact>
            <Fact label="State">{p.stateLabel}</Fact>
            <Fact label="Amount">{p.amountText}</Fact>
            <Fact label="Quote">
              {p.quoteText}
              <span className="block text-sm text-slate-700">Held until {formatDateTime(p.quoteExpiresAt)}</span>
            </Fact>
            <Fact label="Our reference">{mono(p.reference)}</Fact>
            <Fact label="Provider's reference">{mono(p.providerReference)}</Fact>
            {p.paymentCode ? <Fact label="Narration code">{mono(p.paymentCode)}</Fact> : null}
            <Fact label="Started">{formatDateTime(p.createdAt)}</Fact>
            <Fact label="Last change">{formatDateTime(p.updatedAt)}</Fact>
            <Fact label="Paid">{p.paidAt ? formatDateTime(p.paidAt) : "—"}</Fact>
            <Fact label="Receipt code">{mono(p.receiptCode)}</Fact>
            {p.receivedText ? <Fact label="Amount received">{p.receivedText}</Fact> : null}
            {p.verifiedText ? <Fact label="Amount the provider verified">{p.verifiedText}</Fact> : null}
            {p.note ? <Fact label={p.state === "needs_attention" ? "Why it needs attention" : "Note"}>{p.note}</Fact> : null}
            {p.decidedBy ? (
              <Fact label="Decided by">
                {p.decidedBy}
                {p.decidedAt ? <span className="block text-sm text-slate-700">{formatDateTime(p.decidedAt)}</span> : null}
              </Fact>
            ) : null}
            {p.refund ? (
              <Fact label="Refunded">
                {p.refund.amountText}
                {p.refund.at ? <span className="block text-sm text-slate-700">{formatDateTime(p.refund.at)}</span> : null}
                {p.refund.reason ? <span className="block text-sm text-slate-700">{p.refund.reason}</span> : null}
                {p.refund.reference ? <span className="block text-sm text-slate-700">Reference: {mono(p.refund.reference)}</span> : null}
              </Fact>
            ) : null}
            {p.proof ? (
              <Fact label="Proof of transfer">
                <a href={p.proof.url} className="inline-flex items-center gap-1 font-medium text-brand-800 underline">
                  <FileText aria-hidden="true" className="h-4 w-4" />
                  {p.proof.name}
                </a>
                <span className="block text-sm text-slate-700">
                  {p.proof.sizeText} · uploaded {formatDateTime(p.proof.uploadedAt)}
                </span>
              </Fact>
            ) : null}
          </dl>
        </Card>
        {awaiting ? <TransferForms {...props} /> : null}
        {held && p.applicationId ? <HeldPaymentForms paymentId={p.id} applicationId={p.applicationId} held={held} refused={heldRefused} /> : null}
        {p.refundHint ? (
          <Card>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">Refund</h2>
            <p className="text-slate-800">{p.refundHint.text}</p>
            {p.refundHint.href ? (
              <a href={p.refundHint.href} className="mt-2 inline-block font-semibold text-brand-800 underline">
                Open the consultation's day on the agenda
              </a>
            ) : null}
          </Card>
        ) : null}
        {p.state === "paid" && p.applicationId ? (
          <Card>
            <RefundForm paymentId={p.id} amountText={p.amountText} currency={p.currency} />
          </Card>
        ) : null}
      </div>
    </AdminLayout>
  );
}
