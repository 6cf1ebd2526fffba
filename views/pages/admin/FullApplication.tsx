// /admin/application/{id}/full: every field of the application, read-only, in the sections of the applicant's review.

import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { DocumentsSection } from "../../components/admin/DocumentsSection.tsx";
import { ApplicationSections, Section } from "../../components/portal/ApplicationSections.tsx";
import { StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { ArrowLeft } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime, formatUsd } from "../../lib/format.ts";
import type { FullApplicationProps } from "./types.ts";

const present = (url: string | null) => (url ? "Uploaded" : "Not uploaded");

export default function FullApplication({ application: a, specificFields, genders, maritalStatuses, account, documents }: FullApplicationProps) {
  return (
    <AdminLayout>
      <Link to={`/admin/application/${a.id}`} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to review
      </Link>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Full application <span className="whitespace-nowrap">{a.reference_number}</span>
        </h1>
        <StatusBadge status={a.status} label={a.statusLabel} />
      </div>
      <Card>
        <ApplicationSections application={a} specificFields={specificFields} genders={genders} maritalStatuses={maritalStatuses} />
        <Section
          title="Record"
          rows={[
            ["Account", [account.name, account.email].filter(Boolean).join(" · ") || null],
            ["Created", formatDateTime(a.created_at)],
            ["Submitted", a.submitted_at ? formatDateTime(a.submitted_at) : "Not submitted"],
            ["Wizard step reached", `${a.current_step} of 8`],
          ]}
        />
        <Section
          title="Payment"
          rows={[
            ["Payment status", a.payment_status === "paid" ? "Paid" : "Pending"],
            [
              "Amount paid",
              a.amount_paid === null ? null : a.payment_status === "pending" ? formatUsd(a.amount_paid) : (a.feeText ?? formatUsd(a.amount_paid)),
            ],
            ["Payment reference", a.payment_reference],
          ]}
        />
        <Section
          title="Passport files"
          rows={[
            ["Passport scan", present(a.passport_scan_url)],
            ["Passport photo", present(a.photo_url)],
          ]}
        />
        <div className="border-t border-slate-200 pt-5">
          <DocumentsSection documents={documents} />
        </div>
      </Card>
    </AdminLayout>
  );
}
