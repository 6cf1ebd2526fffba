// The payment page's bank-transfer card: start a transfer (a plain form post), then the account, the exact amount,
// the narration code and the upload of the proof (a plain multipart form): all of it works without JavaScript.

import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { formatMinor, type QuoteView } from "../../lib/money.ts";
import type { PaymentAttempt } from "../../pages/portal/types.ts";
import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { Landmark, Upload } from "../ui/icons.ts";
import { Card } from "../ui/misc.tsx";

export interface BankTransferOptionProps {
  applicationId: string;
  /** Today's quote (null when none can be made: then only a transfer already started is shown). */
  quote: QuoteView | null;
  bank: { accountName: string; accountNumber: string; bankName: string };
  /** The open transfer (pending, or awaiting staff's confirmation). */
  attempt?: PaymentAttempt;
  /** Why the last start or upload was refused. */
  error: string | null;
}

function StartForm({ applicationId, children }: { applicationId: string; children: ReactNode }) {
  const { csrfToken } = useShared();
  return (
    <form method="post" action={`/payment/${applicationId}/bank-transfer`} className="mt-4">
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <Button type="submit" variant="outline">
        <Landmark aria-hidden="true" className="h-4 w-4" />
        {children}
      </Button>
    </form>
  );
}

/** Closing the transfer to pay another way: a plain form inside a disclosure, with the reason staff will read. */
function WithdrawForm({ applicationId }: { applicationId: string }) {
  const { csrfToken } = useShared();
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-brand-800">Withdraw this transfer to pay another way</summary>
      <form method="post" action={`/payment/${applicationId}/bank-transfer/withdraw`} className="mt-3 grid gap-2">
        <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
        <label htmlFor="withdraw-reason" className="text-sm font-medium text-slate-900">
          Why are you withdrawing it?
        </label>
        <textarea
          id="withdraw-reason"
          name="reason"
          required
          maxLength={500}
          rows={2}
          className="w-full min-w-0 rounded-md border border-slate-400 p-2 text-sm text-slate-900"
        />
        <Button type="submit" variant="outline" className="justify-self-start">
          Withdraw transfer
        </Button>
      </form>
    </details>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function ProofForm({ applicationId, replacing }: { applicationId: string; replacing: boolean }) {
  const { csrfToken } = useShared();
  // The token rides in the URL: a multipart body is read only after the security check (server/middleware/csrf.ts).
  const action = `/payment/${applicationId}/bank-transfer/proof?_csrf=${encodeURIComponent(csrfToken ?? "")}`;
  return (
    <form method="post" action={action} encType="multipart/form-data" className="mt-4 grid gap-2">
      <label htmlFor="transfer-proof" className="text-sm font-medium text-slate-900">
        {replacing ? "Replace the proof of transfer" : "Proof of transfer"}
      </label>
      <input
        id="transfer-proof"
        name="file"
        type="file"
        required
        accept=".jpg,.jpeg,.png,.pdf"
        aria-describedby="transfer-proof-hint"
        className="w-full min-w-0 text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5"
      />
      <p id="transfer-proof-hint" className="text-sm text-slate-700">
        The bank's receipt or a screenshot of the transfer: JPG, PNG or PDF, up to 10 MB.
      </p>
      <Button type="submit" className="justify-self-start">
        <Upload aria-hidden="true" className="h-4 w-4" />
        Upload proof
      </Button>
    </form>
  );
}

export function BankTransferOption({ applicationId, quote, bank, attempt, error }: BankTransferOptionProps) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Pay by bank transfer</h2>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          {error}
        </p>
      ) : null}
      {!attempt ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Transfer {quote ? formatMinor(quote.amountMinor, quote.currency) : "the fee"} from your bank to our account, with a payment code in the
            narration, then upload the proof here. We confirm it, usually within one working day.
          </p>
          {quote ? <StartForm applicationId={applicationId}>Pay by bank transfer</StartForm> : null}
        </>
      ) : (
        <>
          {attempt.state === "awaiting_confirmation" ? (
            <p role="status" className="mt-3 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
              Waiting for our confirmation — usually within one working day.
            </p>
          ) : null}
          <dl className="mt-4 grid gap-2 text-sm">
            <Fact label="Account name">{bank.accountName}</Fact>
            <Fact label="Account number">
              <span className="font-mono">{bank.accountNumber}</span>
            </Fact>
            <Fact label="Bank">{bank.bankName}</Fact>
            <Fact label="Amount (exactly)">{attempt.amountText}</Fact>
            <Fact label="Narration">
              <span className="font-mono">{attempt.paymentCode}</span>
            </Fact>
          </dl>
          <p className="mt-3 text-sm font-medium text-slate-900">
            Write <span className="font-mono">{attempt.paymentCode}</span> in the transfer's narration.
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {attempt.expired
              ? `This price expired on ${formatDateTime(attempt.expiresAt)}.`
              : `This price holds until ${formatDateTime(attempt.expiresAt)}.`}
          </p>
          {attempt.expired && attempt.state === "pending" && quote ? (
            <>
              <p className="mt-1 text-sm text-slate-700">If you have not transferred yet, start again at today's price.</p>
              <StartForm applicationId={applicationId}>Start again at today's price</StartForm>
            </>
          ) : null}
          {attempt.proof ? (
            <p className="mt-3 text-sm text-slate-800">
              Proof received {formatDateTime(attempt.proof.uploadedAt)}:{" "}
              <a href={attempt.proof.url} className="font-medium text-brand-800 underline">
                {attempt.proof.name}
              </a>
            </p>
          ) : null}
          {attempt.expired && attempt.state === "pending" ? null : <ProofForm applicationId={applicationId} replacing={attempt.proof !== null} />}
          <WithdrawForm applicationId={applicationId} />
        </>
      )}
    </Card>
  );
}
