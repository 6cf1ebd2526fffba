// The reminders of a visa-centre appointment sent to the applicant (two days before, and on the morning): one row per
// appointment row, reminder and booked time, claimed in the transaction that queues the e-mail, so a job that runs
// again (a retry after the e-mail was queued) sends nothing a second time. A corrected time is a new time: its
// reminders are new rows.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE appointment_reminders (
    case_stage_id uuid NOT NULL REFERENCES case_stages (id) ON DELETE CASCADE,
    lead text NOT NULL CONSTRAINT appointment_reminders_lead_check CHECK (lead IN ('2d', 'morning')),
    appointment_at timestamptz NOT NULL,
    message_id uuid,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (case_stage_id, lead, appointment_at)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE appointment_reminders");
}
