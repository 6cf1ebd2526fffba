// Resumable uploads in progress, one row each: whose it is and the length it declared, so that an applicant's open
// uploads are counted and held within their storage quota while their bytes wait in the spool. The row goes with the
// upload (finished, cancelled or expired).
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("resumable_uploads", (t) => {
    // tus's own id of the upload: its files in the spool are named by it.
    t.text("id").primary();
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.bigInteger("size").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("ALTER TABLE resumable_uploads ADD CONSTRAINT resumable_uploads_id_check CHECK (id ~ '^[0-9a-f]{32}$')");
  await knex.raw("ALTER TABLE resumable_uploads ADD CONSTRAINT resumable_uploads_size_check CHECK (size >= 0)");
  await knex.raw("CREATE INDEX resumable_uploads_user_idx ON resumable_uploads (user_id)");
  await knex.raw("CREATE INDEX resumable_uploads_created_idx ON resumable_uploads (created_at)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("resumable_uploads");
}
