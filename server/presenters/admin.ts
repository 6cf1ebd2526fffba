// Shapes the admin panel's rows into its props: the application summary of the portal plus who applied.
import type { AdminApplication, AdminListRow, AdminNote } from "../../views/pages/admin/types.ts";
import { feeFor } from "../domain/visa.ts";
import type { AdminApplicationRow } from "../models/admin.ts";
import type { ListRow } from "../models/adminList.ts";
import type { NoteRow } from "../models/adminNotes.ts";
import { applicationSummary, iso } from "./application.ts";

/** The name on the application, or the account's while the applicant has not filled it in. */
const applicantName = (row: { full_name: string | null; account_name: string | null }) =>
  row.full_name?.trim() || row.account_name || "Unnamed applicant";
const applicantEmail = (row: { email: string | null; account_email: string | null }) => row.email?.trim() || row.account_email;

export function listRow(row: ListRow): AdminListRow {
  return { ...applicationSummary(row), applicantName: applicantName(row), applicantEmail: applicantEmail(row) };
}

export function adminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    ...listRow(row),
    accountName: row.account_name,
    accountEmail: row.account_email,
    amountPaid: row.amount_paid,
    paymentReference: row.payment_reference,
    paidAt: iso(row.paid_at),
    fee: feeFor(row.visa_type),
  };
}

export function noteEntry(row: NoteRow): AdminNote {
  return { id: row.id, note: row.note, authorName: row.author_name ?? "Former staff member", createdAt: new Date(row.created_at).toISOString() };
}
