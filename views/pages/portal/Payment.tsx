// /payment/{id} (SPEC §2.10, §5): the fee quoted in the currency charged, and each configured way to pay it — Paystack's
// checkout (a plain form post), bank transfer with a proof (plain forms), the demo card. The server decides the amount and records the payment.

import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BankTransferOption } from "../../components/payment/BankTransferOption.tsx";
import { BillLines } from "../../components/payment/BillLines.tsx";
import { OwnAccountOption } from "../../components/payment/OwnAccountOption.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { CreditCard, Info, Lock } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useFieldErrors } from "../../components/ui/useFieldErrors.ts";
import { useHydrated } from "../../components/ui/useHydrated.ts";
import { type BillView, type InstalmentView, instalmentTitle } from "../../lib/bill.ts";
import { formatDateTime } from "../../lib/format.ts";
import { describeQuote, formatMinor, type QuoteView } from "../../lib/money.ts";
import { TRANSFER_WAITING_DETAIL, TRANSFER_WAITING_TITLE } from "../../lib/payments.ts";
import { isApiFailure, useApi, useShared } from "../../shared.tsx";
import type { ApplicationSummary, OwnAccount, PaymentAttempt } from "./types.ts";

export interface PaymentProps {
  application: ApplicationSummary;
  /** Today's quote; null when it cannot be made (no exchange rate yet: `unavailable` says so). */
  quote: QuoteView | null;
  /** The case's bill (its service fee is `quote`); null with `quote`. */
  bill: BillView | null;
  unavailable: string | null;
  options: { providers: PaymentAttempt["provider"][]; bank: { accountName: string; accountNumber: string; bankName: string } | null };
  /** Attempts in progress (pending or awaiting staff's confirmation). */
  attempts: PaymentAttempt[];
  /** Why the last bank-transfer form (start, proof upload) was refused; null otherwise. */
  transferError: string | null;
  /** The applicant's own account number, where the consultancy has them; null otherwise. */
  ownAccount: OwnAccount | null;
  /** The applicant owes fees on other applications too (a transfer to their own account is then held for staff). */
  otherFeesOwed: boolean;
  /** The instalment a payment now pays, when staff split the bill; null: the whole bill. */
  instalment: InstalmentView | null;
  /** The service agreement in force is not signed for this application yet: its page, shown instead of the ways to pay. */
  agreement: { href: string } | null;
}

const digits = (v: string, max: number) => v.replace(/\D/g, "").slice(0, max);
const groupCard = (d: string) => d.replace(/(\d{4})(?=\d)/g, "$1 ");
const formatExpiry = (d: string) => (d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d);

function PaystackOption({ application: a, quote, attempt }: { application: ApplicationSummary; quote: QuoteView; attempt?: PaymentAttempt }) {
  const { csrfToken } = useShared();
  const resumable = attempt && new Date(attempt.expiresAt).getTime() > Date.now();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Pay online with Paystack</h2>
      <p className="mt-1 text-sm text-slate-700">Card, bank transfer or USSD on Paystack's secure checkout. You come back here when it is done.</p>
      {resumable ? (
        <p className="mt-3 text-sm text-slate-800">
          You started a payment of {attempt.amountText}; its price holds until {formatDateTime(attempt.expiresAt)}.
        </p>
      ) : null}
      <form method="post" action={`/payment/${a.id}/paystack`} className="mt-4">
        <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
        <Button type="submit">
          <CreditCard aria-hidden="true" className="h-4 w-4" />
          {resumable ? "Resume payment" : `Pay ${formatMinor(quote.amountMinor, quote.currency)} with Paystack`}
        </Button>
      </form>
    </Card>
  );
}

export default function Payment({
  application: a,
  quote: fee,
  bill,
  unavailable,
  options,
  attempts,
  transferError,
  ownAccount,
  otherFeesOwed,
  instalment,
  agreement,
}: PaymentProps) {
  // What is charged: the next instalment of a split bill, else the whole bill (the service fee alone when staff added nothing).
  const quote = fee && bill ? { ...fee, amountMinor: instalment?.amountMinor ?? bill.totalMinor } : fee;
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [name, setName] = useState("");
  const [card, setCard] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvv, setCvv] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail, show, clear } = useFieldErrors("Payment Failed");
  // A corrected field's message goes as the person types; a typing mistake is not a failed payment (no toast).
  const fixing = (field: string) => {
    if (!errors[field]) return;
    const { [field]: _fixed, ...rest } = errors;
    show(rest);
  };
  const bankAttempt = attempts.find((t) => t.provider === "bank_transfer");
  // One open payment at a time: while a transfer's proof waits for staff, the other ways to pay are not offered.
  const transferWaiting = bankAttempt?.state === "awaiting_confirmation";

  if (a.status === "draft") {
    return (
      <PortalLayout>
        <BackToDashboard />
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Submit your application first</h1>
          <p className="mt-2 text-slate-700">The fee can be paid once your application has been submitted for review.</p>
          <ButtonLink to={`/visa-application/${a.id}/review`} className="mt-4">
            Review and submit
          </ButtonLink>
        </Card>
      </PortalLayout>
    );
  }

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api<{ amount: string; redirect: string }>("POST", `/api/applications/${a.id}/payment`, {
        cardholderName: name,
        cardNumber: card,
        expiry,
        cvv,
      });
      clear();
      toast({ title: "Payment Successful", description: `Payment of ${res.amount} processed successfully` });
      navigate(res.redirect);
    } catch (err) {
      // The card's format refused field by field: the messages beside the fields say it all; nothing was charged.
      if (isApiFailure(err) && err.status === 400 && Object.keys(err.fields).length > 0) show(err.fields);
      else fail(err, "The payment did not go through");
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalLayout>
      <BackToDashboard />
      <div className="mx-auto grid max-w-lg gap-6">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Pay the application fee</h1>
          <p className="mt-1 text-slate-700">
            {a.visaTypeLabel} · <span className="font-mono">{a.reference}</span>
          </p>
          {quote ? (
            <>
              {instalment ? (
                <p className="mt-4 font-semibold text-slate-900">
                  {instalmentTitle(instalment)}, due {instalment.dueText}
                </p>
              ) : null}
              <p className="mt-4 text-3xl font-bold text-brand-900">{formatMinor(quote.amountMinor, quote.currency)}</p>
              {instalment && bill ? <p className="mt-1 text-sm text-slate-700">Of a bill of {bill.totalText}:</p> : null}
              {bill && fee && (bill.lines.length > 1 || instalment) ? (
                <div className="mt-3">
                  <BillLines bill={bill} />
                </div>
              ) : (
                <p className="mt-1 text-sm text-slate-700">{describeQuote(quote)}</p>
              )}
              <p className="mt-1 text-sm text-slate-700">Once you start a payment, this price holds for 24 hours.</p>
            </>
          ) : (
            <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {unavailable}
            </p>
          )}
        </Card>
        {agreement ? (
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Before you pay: read and sign the service agreement</h2>
            {transferError ? (
              <p role="alert" className="mt-2 text-sm text-red-800">
                {transferError}
              </p>
            ) : null}
            <p className="mt-1 text-slate-700">
              It sets out our service, this fee, the refund rules and how we use your data. It takes a few minutes.
            </p>
            <ButtonLink to={agreement.href} className="mt-4">
              Read and sign the service agreement
            </ButtonLink>
          </Card>
        ) : null}
        {transferWaiting ? (
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">{TRANSFER_WAITING_TITLE}</h2>
            <p className="mt-1 text-slate-700">
              {bankAttempt.amountText} by bank transfer, proof received {formatDateTime(bankAttempt.proof?.uploadedAt)}.
            </p>
            <p className="mt-1 text-sm text-slate-700">{TRANSFER_WAITING_DETAIL}</p>
          </Card>
        ) : null}
        {quote && !transferWaiting && !agreement && options.providers.includes("paystack") ? (
          <PaystackOption application={a} quote={quote} attempt={attempts.find((t) => t.provider === "paystack")} />
        ) : null}
        {quote && !transferWaiting && !agreement && ownAccount ? (
          <OwnAccountOption account={ownAccount} quote={quote} otherFeesOwed={otherFeesOwed} />
        ) : null}
        {!agreement && options.bank && options.providers.includes("bank_transfer") && (quote || bankAttempt) ? (
          <BankTransferOption applicationId={a.id} quote={quote} bank={options.bank} attempt={bankAttempt} error={transferError} />
        ) : null}
        {quote && !transferWaiting && !agreement && options.providers.includes("demo") ? (
          <Card>
            <h2 className="text-lg font-semibold text-slate-900">Demonstration card payment</h2>
            <div role="note" className="mt-4 flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
              <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <p>This is a demonstration payment form. No real payment is processed and no card is charged.</p>
            </div>
            <form onSubmit={pay} className="mt-6 grid gap-4">
              <TextField
                label="Cardholder name"
                name="cardholderName"
                autoComplete="cc-name"
                required
                maxLength={100}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  fixing("cardholderName");
                }}
                error={errors.cardholderName}
              />
              <TextField
                label="Card number"
                name="cardNumber"
                inputMode="numeric"
                autoComplete="cc-number"
                required
                placeholder="1234 5678 9012 3456"
                maxLength={19}
                value={groupCard(card)}
                onChange={(e) => {
                  setCard(digits(e.target.value, 16));
                  fixing("cardNumber");
                }}
                error={errors.cardNumber}
              />
              <div className="grid grid-cols-2 gap-4">
                <TextField
                  label="Expiry (MM/YY)"
                  name="expiry"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  required
                  placeholder="MM/YY"
                  maxLength={5}
                  value={formatExpiry(expiry)}
                  onChange={(e) => {
                    setExpiry(digits(e.target.value, 4));
                    fixing("expiry");
                  }}
                  error={errors.expiry}
                />
                <TextField
                  label="CVV"
                  name="cvv"
                  type="password"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  required
                  maxLength={3}
                  value={cvv}
                  onChange={(e) => {
                    setCvv(digits(e.target.value, 3));
                    fixing("cvv");
                  }}
                  error={errors.cvv}
                />
              </div>
              <Button type="submit" disabled={!hydrated || busy}>
                {busy ? <Lock aria-hidden="true" className="h-4 w-4" /> : <CreditCard aria-hidden="true" className="h-4 w-4" />}
                {busy ? "Processing payment…" : `Pay ${formatMinor(quote.amountMinor, quote.currency)}`}
              </Button>
            </form>
          </Card>
        ) : null}
      </div>
    </PortalLayout>
  );
}
