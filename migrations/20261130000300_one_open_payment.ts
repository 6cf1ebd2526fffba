// One open payment attempt per application, whatever the provider (it was one per provider): a transfer started and a
// card checkout open at once could both be paid. Where both are open today, the older waiting one closes; a transfer
// whose proof waits for staff stays. Money that still arrives on a closed attempt is settled or held, as any late one.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE payments p
       SET state = 'failed', decision_note = 'Closed: another payment was started after it', updated_at = now()
     WHERE p.state = 'pending'
       AND p.application_id IS NOT NULL
       AND EXISTS (
         SELECT 1 FROM payments q
          WHERE q.application_id = p.application_id
            AND q.id <> p.id
            AND q.state IN ('pending', 'awaiting_confirmation')
            AND (q.state = 'awaiting_confirmation' OR q.created_at > p.created_at OR (q.created_at = p.created_at AND q.id > p.id)))`);
  await knex.raw("DROP INDEX payments_one_open");
  await knex.raw("CREATE UNIQUE INDEX payments_one_open ON payments (application_id) WHERE state IN ('pending', 'awaiting_confirmation')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX payments_one_open");
  await knex.raw("CREATE UNIQUE INDEX payments_one_open ON payments (application_id, provider) WHERE state IN ('pending', 'awaiting_confirmation')");
}
