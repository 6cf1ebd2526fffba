// A table of payment attempts, an application's or a consultation's (the Payments list, its transfers to confirm, an application's payments on its review page).
import { Link } from "react-router-dom";
import { formatDateTime } from "../../lib/format.ts";
import type { PaymentEntry } from "../../pages/admin/paymentTypes.ts";
import { type Column, DataTable } from "./DataTable.tsx";
import { PaymentStateBadge } from "./PaymentStateBadge.tsx";

const STARTED: Column<PaymentEntry> = { header: "Started", nowrap: true, cell: (p) => formatDateTime(p.createdAt) };

const APPLICATION: Column<PaymentEntry>[] = [
  {
    header: "Application",
    cell: (p) =>
      p.applicationId ? (
        <Link to={`/admin/application/${p.applicationId}`} className="font-mono text-brand-800 underline">
          {p.applicationReference}
        </Link>
      ) : (
        p.consultation
      ),
  },
  { header: "Applicant", cell: (p) => p.applicantName },
];

const PAYMENT: Column<PaymentEntry>[] = [
  { header: "Provider", cell: (p) => p.providerLabel },
  { header: "Amount", nowrap: true, cell: (p) => p.amountText },
  { header: "State", cell: (p) => <PaymentStateBadge state={p.state} label={p.stateLabel} /> },
  { header: "Paid", nowrap: true, cell: (p) => (p.paidAt ? formatDateTime(p.paidAt) : "—") },
  {
    header: "Open",
    headerContent: <span className="sr-only">Open</span>,
    cell: (p) => (
      <Link to={`/admin/payments/${p.id}`} className="font-semibold text-brand-800 underline">
        Details
        <span className="sr-only">
          {" "}
          of the payment for {p.applicationId ? p.applicationReference : `${p.applicantName}'s consultation`}, started {formatDateTime(p.createdAt)}
        </span>
      </Link>
    ),
  },
];

export function PaymentTable({ rows, caption, showApplication = true }: { rows: PaymentEntry[]; caption: string; showApplication?: boolean }) {
  const columns = showApplication ? [STARTED, ...APPLICATION, ...PAYMENT] : [STARTED, ...PAYMENT];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(p) => p.id} minWidth="min-w-[40rem]" />;
}
