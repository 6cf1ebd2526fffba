// An adult family member's own sign-in: the lead applicant invites them by e-mail, and once they accept, their account
// is a second way in to their own application (`member_user_id`), never a change of owner: the application stays on the
// lead's account, who still sees and submits the whole group. Only a member's row may have one, and never the owner's
// own account. An invitation's token is made when its e-mail is sent, and only its SHA-256 is kept.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE visa_applications
      ADD COLUMN member_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD CONSTRAINT visa_applications_member_user_check
        CHECK (member_user_id IS NULL OR (group_lead_id IS NOT NULL AND member_user_id <> user_id))
  `);
  await knex.raw("CREATE INDEX visa_applications_member_user_idx ON visa_applications (member_user_id) WHERE member_user_id IS NOT NULL");
  await knex.raw(`
    CREATE TABLE family_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      application_id uuid NOT NULL REFERENCES visa_applications(id) ON DELETE CASCADE,
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      token_hash text UNIQUE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
      revoked_at timestamptz
    )
  `);
  // One invitation waiting per member: a new one replaces (revokes) the one before.
  await knex.raw(
    "CREATE UNIQUE INDEX family_invitations_waiting_idx ON family_invitations (application_id) WHERE accepted_at IS NULL AND revoked_at IS NULL",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE family_invitations");
  await knex.raw("DROP INDEX visa_applications_member_user_idx");
  await knex.raw("ALTER TABLE visa_applications DROP CONSTRAINT visa_applications_member_user_check, DROP COLUMN member_user_id");
}
