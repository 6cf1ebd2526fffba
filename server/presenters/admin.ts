// Shapes the admin panel's rows into its props: the application summary of the portal plus who applied, and their other records.

import type { AdminApplication, AdminListRow, AdminNote, ApplicantChecklist, ApplicationReviewProps } from "../../views/pages/admin/types.ts";
import { isOverdue } from "../domain/documentRequests.ts";
import { relationLabel } from "../domain/family.ts";
import { feeFor } from "../domain/visa.ts";
import type { AdminApplicationRow } from "../models/admin.ts";
import type { ListRow } from "../models/adminList.ts";
import type { NoteRow } from "../models/adminNotes.ts";
import type { ApplicationRow } from "../models/applications.ts";
import type { Checklist } from "../models/checklists.ts";
import { applicationStatusOf, applicationSummary, iso, visaTypeLabel } from "./application.ts";

/** The name on the application, or the account's while the applicant has not filled it in. */
const applicantName = (row: { full_name: string | null; account_name: string | null }) =>
  row.full_name?.trim() || row.account_name || "Unnamed applicant";
const applicantEmail = (row: { email: string | null; account_email: string | null }) => row.email?.trim() || row.account_email;

export function listRow(row: ListRow, now = new Date()): AdminListRow {
  return {
    ...applicationSummary(row),
    applicantName: applicantName(row),
    applicantEmail: applicantEmail(row),
    toReview: Number(row.documents_to_review),
    overdue: isOverdue(row.requests_due_on, now),
  };
}

export function adminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    ...listRow(row),
    accountName: row.account_name,
    accountEmail: row.account_email,
    accountEmailConfirmed: row.account_email_confirmed,
    amountPaid: row.amount_paid,
    paymentReference: row.payment_reference,
    paidAt: iso(row.paid_at),
    fee: feeFor(row.visa_type),
  };
}

export function noteEntry(row: NoteRow): AdminNote {
  return { id: row.id, note: row.note, authorName: row.author_name ?? "Former staff member", createdAt: new Date(row.created_at).toISOString() };
}

/** One of the applicant's checklists, as the review page shows it (read-only). */
export function applicantChecklist(c: Checklist): ApplicantChecklist {
  return {
    id: c.id,
    title: c.title,
    completed: c.status === "completed",
    items: c.items.map((i) => ({ step: i.step_number, title: i.title, value: i.value, done: i.is_completed })),
  };
}

type GroupOf = Pick<ApplicationRow, "id" | "group_lead_id" | "group_relation" | "group_relation_other">;

/** Another application of the same applicant, linked from the review page; what it is in this case's family group. */
export function otherApplication(
  a: Pick<ApplicationRow, "id" | "reference_number" | "visa_type" | "status" | "submitted_at"> & GroupOf,
  of?: GroupOf,
): ApplicationReviewProps["otherApplications"][number] {
  const groupLead = of ? (of.group_lead_id ?? of.id) : null;
  const family =
    groupLead === null
      ? null
      : a.id === groupLead
        ? "Lead applicant of this family group"
        : a.group_lead_id === groupLead
          ? `${relationLabel(a.group_relation ?? "", a.group_relation_other)} in this family group`
          : null;
  return { id: a.id, reference: a.reference_number, visaTypeLabel: visaTypeLabel(a.visa_type), ...applicationStatusOf(a), family };
}
