// The staff's Payments page at a million applications: its list is every payment newest first (and a state's, when
// filtered), and its box of bank transfers waiting for staff is read on every visit. Without an index on the order, the
// first page sorted every payment (about 2 s at 1,000,000 applications, docs/benchmarks.md); with these it reads 25 rows
// along the index and the waiting transfers from their own small index.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX payments_created_idx ON payments (created_at DESC, id DESC)");
  await knex.raw("CREATE INDEX payments_state_created_idx ON payments (state, created_at DESC, id DESC)");
  await knex.raw(
    "CREATE INDEX payments_transfers_waiting_idx ON payments (proof_uploaded_at, id) WHERE provider = 'bank_transfer' AND state = 'awaiting_confirmation'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX payments_transfers_waiting_idx");
  await knex.raw("DROP INDEX payments_state_created_idx");
  await knex.raw("DROP INDEX payments_created_idx");
}
