// An application started again from a rejected one points at it; passport files record their size (storage quota).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.uuid("copied_from_id").references("id").inTable("visa_applications").onDelete("SET NULL");
    t.bigInteger("passport_scan_size");
    t.bigInteger("photo_size");
    t.index(["copied_from_id"], "visa_applications_copied_from_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropIndex(["copied_from_id"], "visa_applications_copied_from_idx");
    t.dropColumns("copied_from_id", "passport_scan_size", "photo_size");
  });
}
