// npm run db:migrate / db:rollback: applies the pending migrations, or undoes the last batch (the migrations of the last
// start), on DATABASE_URL or the embedded PostgreSQL: on the embedded cluster as its superuser, as the server's start does.
import { ConfigError, loadConfig } from "../config.ts";
import { createKnex } from "../db/knex.ts";
import { assignOwners } from "../db/roles.ts";
import { migrateDatabase, resolveDatabase } from "../db/setup.ts";

const command = process.argv[2];
if (command !== "latest" && command !== "rollback") {
  console.error("usage: migrate latest|rollback");
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const database = await resolveDatabase(config, (m) => console.error(m));
const db = createKnex(database.setupUrl ?? database.url, 2);
try {
  if (command === "latest") {
    const applied = await migrateDatabase(database, db);
    console.log(applied.length ? `Applied ${applied.length}: ${applied.join(", ")}` : "Already up to date");
  } else {
    const [batch, undone] = (await db.migrate.rollback()) as [number, string[]];
    if (database.setupUrl) await assignOwners(database.setupUrl);
    console.log(undone.length ? `Rolled back batch ${batch}: ${undone.join(", ")}` : "Nothing to roll back");
  }
} finally {
  await db.destroy();
  await database.stop();
}
