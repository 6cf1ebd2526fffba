// The passport files are stored as keys only: their download URLs are built when presented, never stored.
import type { Knex } from "knex";

const FILES = [
  { url: "passport_scan_url", path: "passport_scan_path", slug: "passport-scan" },
  { url: "photo_url", path: "photo_path", slug: "photo" },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropColumns(...FILES.map((f) => f.url));
  });
}

/** Brings the URL columns back, filled in for every stored file as the application built them. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("visa_applications", (t) => {
    for (const f of FILES) t.text(f.url);
  });
  for (const f of FILES) {
    await knex.raw(`UPDATE visa_applications SET ?? = '/files/applications/' || id || '/${f.slug}' WHERE ?? IS NOT NULL`, [f.url, f.path]);
  }
}
