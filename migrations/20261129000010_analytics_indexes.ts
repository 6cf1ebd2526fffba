// The analytics page at a million applications: revenue per month reads only paid payments by the month they were
// paid, and each officer's median days to decision reads only their cases decided in the period. Both are partial
// indexes that hold the columns the query reads, so each is a range scan of a small index and no table rows.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "CREATE INDEX payments_paid_at_idx ON payments (paid_at) INCLUDE (currency, amount_minor, refund_minor) WHERE state IN ('paid', 'refunded')",
  );
  await knex.raw(
    "CREATE INDEX visa_applications_assignee_decided_idx ON visa_applications (assignee_id, status_since) INCLUDE (submitted_at) WHERE status IN ('approved', 'rejected')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX visa_applications_assignee_decided_idx");
  await knex.raw("DROP INDEX payments_paid_at_idx");
}
