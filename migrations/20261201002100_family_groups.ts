// Families apply together: a member's application names the lead applicant's application it belongs with, and how the
// member is related to the lead. A member is on the lead's account (a child has no account of their own). What the
// group shares (the trip, the address) is copied from the lead's answers and kept in step with them, except the fields
// the member answered differently: `group_own_fields` lists those. A member cannot lead a group of their own.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE visa_applications
      ADD COLUMN group_lead_id uuid REFERENCES visa_applications(id) ON DELETE CASCADE,
      ADD COLUMN group_relation text,
      ADD COLUMN group_relation_other text,
      ADD COLUMN group_own_fields text[] NOT NULL DEFAULT '{}',
      ADD CONSTRAINT visa_applications_group_relation_check
        CHECK (group_relation IN ('spouse', 'child', 'parent', 'other')),
      ADD CONSTRAINT visa_applications_group_member_check
        CHECK ((group_lead_id IS NULL) = (group_relation IS NULL) AND group_lead_id IS DISTINCT FROM id),
      ADD CONSTRAINT visa_applications_group_other_check
        CHECK (group_relation IS DISTINCT FROM 'other' OR length(trim(group_relation_other)) > 0)
  `);
  await knex.raw("CREATE INDEX visa_applications_group_lead_idx ON visa_applications (group_lead_id, created_at) WHERE group_lead_id IS NOT NULL");
  // A member's lead is on the same account and is no member itself, and a member leads nobody (checked here as well as
  // by the action, so no path can nest groups or join another account's).
  await knex.raw(`
    CREATE FUNCTION visa_applications_group_lead_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM visa_applications l WHERE l.id = NEW.group_lead_id AND (l.group_lead_id IS NOT NULL OR l.user_id <> NEW.user_id)
      ) OR EXISTS (SELECT 1 FROM visa_applications m WHERE m.group_lead_id = NEW.id) THEN
        RAISE EXCEPTION 'a family member belongs to a lead applicant of the same account, and leads no group' USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$
  `);
  await knex.raw(`
    CREATE TRIGGER visa_applications_group_lead_check
      BEFORE INSERT OR UPDATE OF group_lead_id ON visa_applications
      FOR EACH ROW WHEN (NEW.group_lead_id IS NOT NULL)
      EXECUTE FUNCTION visa_applications_group_lead_check()
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TRIGGER visa_applications_group_lead_check ON visa_applications");
  await knex.raw("DROP FUNCTION visa_applications_group_lead_check()");
  await knex.raw("DROP INDEX visa_applications_group_lead_idx");
  await knex.raw(`
    ALTER TABLE visa_applications
      DROP COLUMN group_own_fields, DROP COLUMN group_relation_other, DROP COLUMN group_relation, DROP COLUMN group_lead_id
  `);
}
