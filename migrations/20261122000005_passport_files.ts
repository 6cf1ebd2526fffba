// Where the passport scan and photo of an application are stored (private keys, never public URLs).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.text("passport_scan_path");
    t.text("passport_scan_mime");
    t.text("photo_path");
    t.text("photo_mime");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropColumns("passport_scan_path", "passport_scan_mime", "photo_path", "photo_mime");
  });
}
