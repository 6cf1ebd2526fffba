// The audit trail: who did what, when, from where. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("audit_events", (t) => {
    t.bigIncrements("id").primary();
    t.timestamp("at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text("action").notNullable();
    // No foreign key: the trail outlives the accounts it names (a deleted account's events stay, by id).
    t.uuid("actor_id");
    t.text("subject_type");
    t.text("subject_id");
    t.jsonb("details").notNullable().defaultTo("{}");
    t.text("request_id");
    t.text("ip");
  });
  await knex.raw("CREATE INDEX audit_events_at ON audit_events (at DESC, id DESC)");
  await knex.raw("CREATE INDEX audit_events_actor ON audit_events (actor_id, at DESC)");
  await knex.raw("CREATE INDEX audit_events_action ON audit_events (action, at DESC)");
  await knex.raw(`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
    END $$`);
  await knex.raw(`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
  await knex.raw(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("audit_events");
  await knex.raw("DROP FUNCTION audit_events_append_only()");
}
