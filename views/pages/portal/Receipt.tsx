// Printable payment receipt (one A4 page): consultancy, applicant, reference, visa type, the amount in the currency
// charged with its quote, the receipt code and a QR code of the page anyone can check it on, and any refund.

import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button.tsx";
import { Printer } from "../../components/ui/icons.ts";
import { formatDateTime } from "../../lib/format.ts";

export interface ReceiptView {
  consultancy: string;
  address: string;
  phone: string;
  email: string;
  applicant: string;
  reference: string;
  visaType: string;
  /** "₦232,500": what was charged, in its currency. */
  amountText: string;
  /** "₦232,500 — $150 at ₦1,550/$, rate of 24 Nov 2026". */
  quoteText: string;
  provider: string;
  /** Paid with the specification's demonstration card: no money moved. */
  demonstration: boolean;
  /** Part of it was collected for the embassy or visa centre (a bill's pass-through lines). */
  includesPassThrough: boolean;
  paymentReference: string;
  paidAt: string;
  receiptCode: string;
  /** The public check page of this receipt (in the QR code). */
  checkUrl: string;
  /** The QR code of checkUrl, SVG in base64. */
  qrSvg: string;
  refund: { amountText: string; refundedAt: string; reason: string } | null;
  /** A family group's payment: the members it covers besides the lead ("Chiamaka Eze (HG-…)"); empty otherwise. */
  members: string[];
}

export interface ReceiptProps {
  receipt: ReceiptView;
}

export default function Receipt({ receipt: r }: ReceiptProps) {
  const rows: [string, string][] = [
    ["Applicant", r.applicant],
    ["Application reference", r.reference],
    ["Visa type", r.visaType],
    ["Paid by", r.provider],
    ["Payment reference", r.paymentReference],
    ["Date paid", formatDateTime(r.paidAt)],
    ["Fee", r.quoteText],
    ...(r.members.length ? [["Family members covered", r.members.join(", ")] as [string, string]] : []),
  ];
  return (
    <main id="main" tabIndex={-1} className="receipt mx-auto max-w-2xl bg-white px-6 py-10 text-slate-900">
      <div className="no-print mb-6 flex items-center justify-between">
        <Link to="/dashboard" className="text-sm font-semibold text-brand-800 underline">
          Back to Dashboard
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          Print receipt
        </Button>
      </div>
      <header className="border-b border-slate-300 pb-4">
        <p className="text-xl font-bold">{r.consultancy}</p>
        <p className="text-sm text-slate-700">{r.address}</p>
        <p className="text-sm text-slate-700">
          {r.phone} · {r.email}
        </p>
      </header>
      <h1 className="mt-6 text-2xl font-bold">Payment receipt</h1>
      <dl className="mt-4 grid gap-3">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 border-b border-slate-200 pb-2">
            <dt className="text-slate-700">{k}</dt>
            <dd className="text-right font-medium">{v}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 pt-2 text-lg">
          <dt className="font-semibold">Amount paid</dt>
          <dd className="font-bold">{r.amountText}</dd>
        </div>
        {r.refund ? (
          <div className="flex justify-between gap-4 border-t border-slate-300 pt-2">
            <dt className="font-semibold">Refunded</dt>
            <dd className="text-right">
              <span className="block font-bold">
                {r.refund.amountText} on {formatDateTime(r.refund.refundedAt)}
              </span>
              <span className="block text-sm text-slate-700">{r.refund.reason}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="receipt-check-heading" className="mt-8 flex items-center gap-5 border-t border-slate-300 pt-5">
        <img
          src={`data:image/svg+xml;base64,${r.qrSvg}`}
          alt={`QR code linking to ${r.checkUrl}, where anyone can check this receipt`}
          width={128}
          height={128}
          className="receipt-qr h-32 w-32 shrink-0 bg-white"
        />
        <div>
          <h2 id="receipt-check-heading" className="font-semibold">
            Check this receipt
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Receipt code <span className="font-mono font-bold tracking-wider text-slate-900">{r.receiptCode}</span>
          </p>
          <p className="mt-1 break-all text-sm text-slate-700">
            Scan the code or visit <span className="font-mono">{r.checkUrl}</span>
          </p>
        </div>
      </section>
      <p className="mt-8 text-xs text-slate-600">
        {r.includesPassThrough
          ? "Fee for visa consultation and processing, and fees collected for the embassy or visa application centre, paid on your behalf."
          : "Application fee for visa consultation and processing. Embassy and visa application centre fees are paid separately."}
        {r.demonstration ? " Demonstration payment: no card was charged." : ""}
      </p>
    </main>
  );
}
