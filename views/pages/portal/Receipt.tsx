// Printable payment receipt (one A4 page): consultancy, applicant, reference, visa type, amount, payment reference, date.
import { Printer } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button.tsx";
import { formatDateTime, formatUsd } from "../../lib/format.ts";

export interface ReceiptProps {
  receipt: {
    consultancy: string;
    address: string;
    phone: string;
    email: string;
    applicant: string;
    reference: string;
    visaType: string;
    amount: number;
    paymentReference: string;
    paidAt: string;
  };
}

export default function Receipt({ receipt: r }: ReceiptProps) {
  const rows: [string, string][] = [
    ["Applicant", r.applicant],
    ["Application reference", r.reference],
    ["Visa type", r.visaType],
    ["Payment reference", r.paymentReference],
    ["Date paid", formatDateTime(r.paidAt)],
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
          <dd className="font-bold">{formatUsd(r.amount)}</dd>
        </div>
      </dl>
      <p className="mt-8 text-xs text-slate-600">
        Application fee for visa consultation and processing. Embassy and visa application centre fees are paid separately. Demonstration payment: no
        card was charged.
      </p>
    </main>
  );
}
