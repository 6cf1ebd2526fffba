// Applicant checklists and their steps (SPEC §3).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("checklists", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("title").notNullable().defaultTo("New Application");
    t.text("description");
    t.text("status").notNullable().defaultTo("in_progress").checkIn(["in_progress", "completed"], "checklists_status_check");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX checklists_user_created_idx ON checklists (user_id, created_at DESC)");

  await knex.schema.createTable("checklist_items", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("checklist_id").notNullable().references("checklists.id").onDelete("CASCADE");
    t.integer("step_number").notNullable();
    t.text("title").notNullable();
    t.text("description");
    t.text("field_type").notNullable().checkIn(["text", "email", "phone", "textarea"], "checklist_items_field_type_check");
    t.text("value").notNullable().defaultTo("");
    t.boolean("is_completed").notNullable().defaultTo(false);
    t.unique(["checklist_id", "step_number"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("checklist_items");
  await knex.schema.dropTable("checklists");
}
