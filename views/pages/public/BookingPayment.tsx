// The return from Paystack's checkout for a paid consultation: paid and confirmed (receipt code, time in Lagos), still
// waiting for Paystack (with a way to check again), or not confirmed (what happens to the money).
import { FactsList } from "../../components/booking/BookingParts.tsx";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import type { BookingPaymentProps } from "./bookingTypes.ts";

const TONE: Record<BookingPaymentProps["state"], string> = {
  confirmed: "border-green-300 bg-green-50",
  waiting: "border-amber-300 bg-amber-50",
  attention: "border-red-300 bg-red-50",
  released: "border-slate-300 bg-slate-50",
};

export default function BookingPayment({ year, state, message, receiptCode, paidAt, amountText, checkAgainHref, booking }: BookingPaymentProps) {
  return (
    <SiteLayout year={year}>
      <section className="py-12 sm:py-16" aria-labelledby="payment-heading">
        <div className={`${container} max-w-3xl`}>
          <h1 id="payment-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {state === "confirmed" ? "Paid and confirmed" : state === "waiting" ? "Waiting for Paystack" : "Consultation not confirmed"}
          </h1>
          <div role="status" className={`mt-6 rounded-2xl border p-5 ${TONE[state]}`}>
            <p className="font-semibold text-slate-900">{message}</p>
            {receiptCode ? (
              <dl className="mt-3 grid gap-1 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-4">
                <dt className="font-medium">Amount</dt>
                <dd>{amountText}</dd>
                <dt className="font-medium">Receipt code</dt>
                <dd className="font-mono">{receiptCode}</dd>
                <dt className="font-medium">Paid</dt>
                <dd>{paidAt}</dd>
              </dl>
            ) : null}
            {checkAgainHref ? (
              <a className={`${buttonClass("primary", "md")} mt-4`} href={checkAgainHref}>
                Check again
              </a>
            ) : null}
          </div>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-semibold text-slate-900">Your consultation</h2>
            <FactsList facts={booking} />
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
