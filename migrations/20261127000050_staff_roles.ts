// Two staff roles (admin = manager, case_officer), deactivated accounts, invitations, and cases that belong to someone:
// each application's assignee, its assignment history, the round-robin setting with its rotation, and the counts and
// indexes the admin list's Mine and Unassigned tabs read at a million applications.
import type { Knex } from "knex";

const TOKEN_PURPOSES = ["password_reset", "email_confirm", "email_change", "staff_enrol"];

async function tokenPurposes(knex: Knex, purposes: string[]): Promise<void> {
  await knex.raw("ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check");
  await knex.raw(
    `ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN (${purposes.map((p) => `'${p}'`).join(", ")}))`,
  );
}

const GROUP = "assignee_id, status, visa_type";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check");
  await knex.raw("ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'case_officer'))");
  // One staff role a person: a change of role replaces it.
  await knex.raw("CREATE UNIQUE INDEX user_roles_one_role ON user_roles (user_id)");
  await knex.schema.alterTable("users", (t) => {
    t.timestamp("deactivated_at", { useTz: true });
    // Set while an invitation waits to be accepted (the person has chosen no password yet).
    t.timestamp("invited_at", { useTz: true });
  });
  await tokenPurposes(knex, [...TOKEN_PURPOSES, "staff_invite"]);

  await knex.schema.alterTable("visa_applications", (t) => {
    t.uuid("assignee_id").references("users.id").onDelete("SET NULL");
  });
  // Who has had a case, from when, and who decided it (null: the round-robin).
  await knex.schema.createTable("application_assignments", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.uuid("assignee_id").references("users.id").onDelete("SET NULL");
    t.uuid("assigned_by").references("users.id").onDelete("SET NULL");
    t.text("how").notNullable().checkIn(["round_robin", "taken", "reassigned", "unassigned"], "application_assignments_how_check");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX application_assignments_app_created_idx ON application_assignments (application_id, created_at DESC)");

  // One row: whether new submissions are shared out, and the officer who had the last one (the rotation's place).
  await knex.raw(`
    CREATE TABLE assignment_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      round_robin boolean NOT NULL DEFAULT true,
      last_assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw("INSERT INTO assignment_settings DEFAULT VALUES");

  // The tabs' counts (per assignee, status and type) kept by a trigger, as application_stats keeps the others.
  await knex.raw(`
    CREATE TABLE assignee_stats (
      assignee_id uuid,
      status text NOT NULL,
      visa_type text,
      count bigint NOT NULL,
      CONSTRAINT assignee_stats_group UNIQUE NULLS NOT DISTINCT (${GROUP})
    )`);
  await knex.raw(`INSERT INTO assignee_stats (${GROUP}, count) SELECT ${GROUP}, count(*) FROM visa_applications GROUP BY ${GROUP}`);
  await knex.raw(`
    CREATE FUNCTION assignee_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE assignee_stats SET count = count - 1
         WHERE assignee_id IS NOT DISTINCT FROM OLD.assignee_id AND status = OLD.status AND visa_type IS NOT DISTINCT FROM OLD.visa_type;
        DELETE FROM assignee_stats
         WHERE count = 0 AND assignee_id IS NOT DISTINCT FROM OLD.assignee_id AND status = OLD.status
           AND visa_type IS NOT DISTINCT FROM OLD.visa_type;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO assignee_stats AS s (${GROUP}, count) VALUES (NEW.assignee_id, NEW.status, NEW.visa_type, 1)
        ON CONFLICT ON CONSTRAINT assignee_stats_group DO UPDATE SET count = s.count + 1;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER assignee_stats_insert_delete AFTER INSERT OR DELETE ON visa_applications
    FOR EACH ROW EXECUTE FUNCTION assignee_stats_apply()`);
  await knex.raw(`
    CREATE TRIGGER assignee_stats_update AFTER UPDATE ON visa_applications
    FOR EACH ROW WHEN (
      OLD.assignee_id IS DISTINCT FROM NEW.assignee_id OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.visa_type IS DISTINCT FROM NEW.visa_type
    ) EXECUTE FUNCTION assignee_stats_apply()`);

  // Mine: an officer's cases in each list order, with or without a status filter.
  await knex.raw("CREATE INDEX visa_applications_assignee_created_idx ON visa_applications (assignee_id, created_at DESC, id DESC)");
  await knex.raw("CREATE INDEX visa_applications_assignee_status_created_idx ON visa_applications (assignee_id, status, created_at DESC, id DESC)");
  await knex.raw(
    "CREATE INDEX visa_applications_assignee_submitted_idx ON visa_applications (assignee_id, submitted_at DESC NULLS LAST, created_at DESC, id DESC)",
  );
  // Unassigned: the submitted cases nobody has yet (drafts are nobody's case), a small part of the table.
  await knex.raw(
    "CREATE INDEX visa_applications_unassigned_created_idx ON visa_applications (created_at DESC, id DESC) WHERE assignee_id IS NULL AND status <> 'draft'",
  );
  await knex.raw(
    "CREATE INDEX visa_applications_unassigned_submitted_idx ON visa_applications (submitted_at DESC NULLS LAST, created_at DESC, id DESC) WHERE assignee_id IS NULL AND status <> 'draft'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX visa_applications_unassigned_submitted_idx");
  await knex.raw("DROP INDEX visa_applications_unassigned_created_idx");
  await knex.raw("DROP INDEX visa_applications_assignee_submitted_idx");
  await knex.raw("DROP INDEX visa_applications_assignee_status_created_idx");
  await knex.raw("DROP INDEX visa_applications_assignee_created_idx");
  await knex.raw("DROP TRIGGER assignee_stats_update ON visa_applications");
  await knex.raw("DROP TRIGGER assignee_stats_insert_delete ON visa_applications");
  await knex.raw("DROP FUNCTION assignee_stats_apply()");
  await knex.raw("DROP TABLE assignee_stats");
  await knex.raw("DROP TABLE assignment_settings");
  await knex.schema.dropTable("application_assignments");
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropColumn("assignee_id");
  });
  await knex("account_tokens").where({ purpose: "staff_invite" }).delete();
  await tokenPurposes(knex, TOKEN_PURPOSES);
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("deactivated_at");
    t.dropColumn("invited_at");
  });
  await knex.raw("DROP INDEX user_roles_one_role");
  await knex("user_roles").where({ role: "case_officer" }).delete();
  await knex.raw("ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check");
  await knex.raw("ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin'))");
}
