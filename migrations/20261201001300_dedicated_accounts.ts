// Each applicant's own account number at Paystack (a dedicated virtual account), and every transfer that arrived on
// one. One account per person (keyed by the user: two page loads at once ask Paystack once); it is requested, then
// assigned with its bank, number and name, or failed with Paystack's reason (asked again on a later visit). A
// transfer is recorded once under Paystack's reference: settled (the payment it became) or held for staff with why;
// staff close a held one with a note once they applied or refunded it.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE dedicated_accounts (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'requested' CONSTRAINT dedicated_accounts_state_check CHECK (state IN ('requested', 'assigned', 'failed')),
      preferred_bank text NOT NULL,
      customer_code text,
      customer_id text,
      provider_account_id text,
      bank_name text,
      bank_slug text,
      account_number text CONSTRAINT dedicated_accounts_number_check CHECK (account_number ~ '^[0-9]{10}$'),
      account_name text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT dedicated_accounts_assigned_check CHECK (
        (state = 'assigned') = (account_number IS NOT NULL AND bank_name IS NOT NULL AND account_name IS NOT NULL AND customer_code IS NOT NULL)
      )
    )
  `);
  await knex.raw("CREATE UNIQUE INDEX dedicated_accounts_customer_idx ON dedicated_accounts (customer_code) WHERE customer_code IS NOT NULL");
  await knex.raw("CREATE UNIQUE INDEX dedicated_accounts_number_idx ON dedicated_accounts (account_number) WHERE account_number IS NOT NULL");
  await knex.raw(`
    CREATE TABLE dedicated_transfers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL CONSTRAINT dedicated_transfers_reference_key UNIQUE,
      provider_id text NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      customer_code text,
      account_number text,
      amount_minor bigint NOT NULL CONSTRAINT dedicated_transfers_amount_check CHECK (amount_minor >= 0),
      currency text NOT NULL,
      paid_at timestamptz,
      outcome text NOT NULL CONSTRAINT dedicated_transfers_outcome_check CHECK (outcome IN ('settled', 'held', 'closed')),
      payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
      reason text,
      closed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      closed_at timestamptz,
      close_note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT dedicated_transfers_held_check CHECK (outcome = 'settled' OR reason IS NOT NULL),
      CONSTRAINT dedicated_transfers_closed_check CHECK ((outcome = 'closed') = (closed_at IS NOT NULL AND close_note IS NOT NULL))
    )
  `);
  await knex.raw("CREATE INDEX dedicated_transfers_held_idx ON dedicated_transfers (created_at) WHERE outcome = 'held'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE dedicated_transfers");
  await knex.raw("DROP TABLE dedicated_accounts");
}
