// Leads: every person who enquired, booked or applied, once per e-mail address (whatever its case), with the stage
// they have reached, an owner on the staff and a follow-up date; lead_events is what happened to each, when and by whom.
// Backfilled from the enquiries and the applicants so far, each at the furthest stage their records show.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE leads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CONSTRAINT leads_email_check CHECK (email ~ '@'),
      name text NOT NULL,
      phone text,
      source text NOT NULL CONSTRAINT leads_source_check CHECK (source IN ('contact_form', 'package_book_now', 'booking_page', 'portal')),
      stage text NOT NULL DEFAULT 'new' CONSTRAINT leads_stage_check
        CHECK (stage IN ('new', 'contacted', 'consultation_booked', 'consultation_held', 'applied', 'paid', 'closed')),
      closed_reason text,
      owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
      follow_up_on date,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      stage_changed_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT leads_closed_reason_check CHECK ((stage = 'closed') = (closed_reason IS NOT NULL AND closed_reason ~ '[^[:space:]]'))
    )`);
  await knex.raw("CREATE UNIQUE INDEX leads_email_lower_unique ON leads (lower(email))");
  await knex.raw("CREATE INDEX leads_stage_idx ON leads (stage, created_at DESC)");
  await knex.raw("CREATE INDEX leads_owner_follow_up_idx ON leads (owner_id, follow_up_on)");
  await knex.raw("CREATE INDEX leads_user_idx ON leads (user_id)");
  await knex.raw(`
    CREATE TABLE lead_events (
      -- In the order things happened, also within one transaction (which shares one now()).
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      kind text NOT NULL CONSTRAINT lead_events_kind_check CHECK (kind IN
        ('enquiry', 'booking', 'booking_held', 'account', 'submitted', 'paid', 'replied', 'stage', 'owner', 'follow_up')),
      -- The stage the lead moved to with this event (null when it stayed).
      to_stage text,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      ref_table text,
      ref_id uuid,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw("CREATE INDEX lead_events_lead_idx ON lead_events (lead_id, created_at)");
  await knex.raw("CREATE INDEX lead_events_reached_idx ON lead_events (to_stage, lead_id) WHERE to_stage IS NOT NULL");
  await backfill(knex);
}

/** Each address's first enquiry (or, for applicants who never enquired, their account) makes its lead. */
async function backfill(knex: Knex): Promise<void> {
  await knex.raw(`
    INSERT INTO leads (email, name, phone, source, created_at, stage_changed_at)
    SELECT DISTINCT ON (lower(email)) lower(email), name, phone,
           CASE WHEN package IS NULL OR package = '' THEN 'contact_form' ELSE 'package_book_now' END, created_at, created_at
      FROM enquiries ORDER BY lower(email), created_at`);
  await knex.raw(`
    INSERT INTO lead_events (lead_id, kind, to_stage, ref_table, ref_id, created_at)
    SELECT l.id, 'enquiry', CASE WHEN e.created_at = l.created_at THEN 'new' END, 'enquiries', e.id, e.created_at
      FROM enquiries e JOIN leads l ON lower(l.email) = lower(e.email)`);
  await knex.raw(`
    INSERT INTO leads (email, name, source, created_at, stage_changed_at)
    SELECT u.email, u.full_name, 'portal', u.created_at, u.created_at FROM users u
     WHERE EXISTS (SELECT 1 FROM visa_applications a WHERE a.user_id = u.id AND a.submitted_at IS NOT NULL)
    ON CONFLICT (lower(email)) DO NOTHING`);
  await knex.raw("UPDATE leads l SET user_id = u.id FROM users u WHERE lower(u.email) = lower(l.email)");
  for (const [stage, kind, column] of [
    ["applied", "submitted", "submitted_at"],
    ["paid", "paid", "paid_at"],
  ] as const) {
    await knex.raw(
      `WITH firsts AS (
         SELECT l.id AS lead_id, min(a.${column}) AS at, (array_agg(a.id ORDER BY a.${column}))[1] AS application_id
           FROM leads l JOIN visa_applications a ON a.user_id = l.user_id WHERE a.${column} IS NOT NULL GROUP BY l.id),
       moved AS (
         UPDATE leads l SET stage = ?, stage_changed_at = f.at FROM firsts f WHERE l.id = f.lead_id RETURNING l.id)
       INSERT INTO lead_events (lead_id, kind, to_stage, ref_table, ref_id, created_at)
       SELECT f.lead_id, ?, ?, 'visa_applications', f.application_id, f.at FROM firsts f`,
      [stage, kind, stage],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE lead_events");
  await knex.raw("DROP TABLE leads");
}
