// /admin/payments/{id}/refund: the payment being refunded and the refund form (also where a refused refund comes back).
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { RefundForm, type RefundRefusal } from "../../components/admin/RefundForm.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";

export interface RecordRefundProps {
  payment: {
    id: string;
    applicationId: string;
    applicationReference: string;
    applicant: string;
    amountText: string;
    currency: string;
    provider: string;
    reference: string;
    paidAt: string | null;
    /** "Paid", or why no refund can be recorded ("Refunded ₦232,500 on 26 Nov 2026"). */
    stateText: string;
    refundable: boolean;
  };
  refused: RefundRefusal | null;
}

export default function RecordRefund({ payment: p, refused }: RecordRefundProps) {
  const rows: [string, string][] = [
    ["Applicant", p.applicant],
    ["Payment reference", p.reference],
    ["Paid by", p.provider],
    ["Amount paid", p.amountText],
    ["Date paid", formatDateTime(p.paidAt)],
    ["State", p.stateText],
  ];
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Refund a payment</h1>
      <p className="mb-6 text-slate-700">
        Application{" "}
        <Link to={`/admin/application/${p.applicationId}`} className="font-mono font-semibold text-brand-800 underline">
          {p.applicationReference}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <dl className="grid gap-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3">
                <dt className="text-slate-600">{k}</dt>
                <dd className="text-right text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          {p.refundable ? (
            <RefundForm paymentId={p.id} amountText={p.amountText} currency={p.currency} refused={refused} />
          ) : (
            <p role={refused ? "alert" : undefined} className="text-slate-700">
              {refused?.message ?? "Only a paid payment can be refunded."}
            </p>
          )}
        </Card>
      </div>
    </AdminLayout>
  );
}
