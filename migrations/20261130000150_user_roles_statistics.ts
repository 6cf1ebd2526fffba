// user_roles holds a row per staff member: ten rows never reach autovacuum's default threshold for gathering
// statistics (50 changed rows), so the planner guessed it at 970 rows and joined it to users by reading every account
// (400,000 at a million applications) on the Staff page, the analytics page's workload and the assignment lists. Any
// change to it now has its statistics gathered on autovacuum's next round.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE user_roles SET (autovacuum_analyze_threshold = 1, autovacuum_analyze_scale_factor = 0)");
  await knex.raw("ANALYZE user_roles");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE user_roles RESET (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor)");
}
