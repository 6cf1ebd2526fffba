// Whether the success stories page takes its visas issued and success rate from the decisions recorded on cases (over
// the last so many months) rather than the figures the site was written with: one row, kept by managers.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE public_figures (
    id boolean PRIMARY KEY DEFAULT true CONSTRAINT public_figures_one_row CHECK (id),
    from_decisions boolean NOT NULL DEFAULT false,
    months integer NOT NULL DEFAULT 12 CONSTRAINT public_figures_months_check CHECK (months BETWEEN 1 AND 60),
    updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex("public_figures").insert({});
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE public_figures");
}
