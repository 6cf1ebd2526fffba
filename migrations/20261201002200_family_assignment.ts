// A family member's case goes to the officer who already has a case of its group ("family"), not to the next in turn.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE application_assignments DROP CONSTRAINT application_assignments_how_check,
      ADD CONSTRAINT application_assignments_how_check CHECK (how IN ('round_robin', 'taken', 'reassigned', 'unassigned', 'family'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("UPDATE application_assignments SET how = 'round_robin' WHERE how = 'family'");
  await knex.raw(`
    ALTER TABLE application_assignments DROP CONSTRAINT application_assignments_how_check,
      ADD CONSTRAINT application_assignments_how_check CHECK (how IN ('round_robin', 'taken', 'reassigned', 'unassigned'))
  `);
}
