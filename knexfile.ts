// Knex CLI configuration. The database comes from DATABASE_URL; `npm run db:*` sets it
// (starting the embedded PostgreSQL first when no DATABASE_URL is given: see server/cli/with-db.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set: run the Knex CLI through `npm run db:migrate` (or db:rollback, db:seed).");

export default {
  client: "pg",
  connection: url,
  migrations: { directory: path.join(root, "migrations"), loadExtensions: [".ts"], tableName: "knex_migrations" },
  seeds: { directory: path.join(root, "seeds"), loadExtensions: [".ts"] },
};
