// The rows of the admin list and its CSV export (server/models/adminList.ts reads them).

export interface ListRow {
  id: string;
  reference_number: string;
  visa_type: string | null;
  destination_country: string | null;
  status: string;
  payment_status: string;
  amount_paid: number | null;
  payment_reference: string | null;
  created_at: Date;
  submitted_at: Date | null;
  full_name: string | null;
  email: string | null;
  /** Files waiting for review, and the earliest due date of an open document request (trigger-kept columns). */
  documents_to_review: number;
  requests_due_on: string | null;
  account_name: string | null;
  account_email: string | null;
}

/** A row of the list's page: its assignee, since when it has had its status, and its family group if any. */
export interface PageRow extends ListRow {
  assignee_id: string | null;
  assignee_name: string | null;
  status_since: Date;
  group_lead_id: string | null;
  /** How many members its family group has (0: in none, or a lead with nobody added). */
  group_members: number;
}
