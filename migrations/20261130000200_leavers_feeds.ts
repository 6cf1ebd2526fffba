// A leaver's calendar feed ends with their account: the feeds of accounts deactivated, or left without a staff role,
// before leaving cleared them are cleared now (until then only a lost role made such an address answer 404).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE consultation_staff s SET feed_token_hash = NULL
    WHERE s.feed_token_hash IS NOT NULL
      AND (EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.deactivated_at IS NOT NULL)
        OR NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = s.user_id))`);
}

/** Nothing to put back: only the secrets' hashes were kept, and a staff member makes a new feed address at will. */
export async function down(): Promise<void> {}
