// The payment page's card for the applicant's own account number (a Paystack dedicated account, where the
// consultancy has them): a transfer of exactly what is owed pays it by itself — no proof to upload, nothing for staff
// to confirm. Plain text, no script: it works before the page's script loads.

import { formatMinor, type QuoteView } from "../../lib/money.ts";
import type { OwnAccount } from "../../pages/portal/types.ts";
import { Card } from "../ui/misc.tsx";

export function OwnAccountOption({ account, quote, otherFeesOwed }: { account: OwnAccount; quote: QuoteView; otherFeesOwed: boolean }) {
  const amount = formatMinor(quote.amountMinor, quote.currency);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Pay into your own account number</h2>
      {account.state === "assigned" ? (
        <>
          <p className="mt-2 text-slate-900">
            Your own account for this consultancy: {account.bankName}, <span className="font-mono font-semibold">{account.accountNumber}</span>,{" "}
            {account.accountName}
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Transfer exactly <strong className="text-slate-900">{amount}</strong> from any bank app. It is matched to this application by itself,
            usually within minutes: there is no proof to upload and no narration to write.
          </p>
          {otherFeesOwed ? (
            <p role="note" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              You owe fees on more than one application: a transfer to this account is checked by our staff before it counts. To pay at once, choose
              another way to pay.
            </p>
          ) : null}
        </>
      ) : (
        <p role="status" className="mt-2 text-sm text-slate-700">
          We are opening an account number of your own with our bank partner: it shows here within a few minutes. You can pay another way meanwhile.
        </p>
      )}
    </Card>
  );
}
