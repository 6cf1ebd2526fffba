// The record that a production server has started on this database (one row): demo seeds refuse such a database.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("production_starts", (t) => {
    // One row per database: the key can only be 1.
    t.smallint("id").primary().defaultTo(1);
    t.timestamp("first_started_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("last_started_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer("starts").notNullable().defaultTo(1);
    t.check("?? = 1", ["id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("production_starts");
}
