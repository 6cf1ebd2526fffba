// npm run db:seed: the demo seeds against DATABASE_URL (set by with-db.ts); a refusal is shown as its one sentence.
import { createKnex } from "../db/knex.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set: run the seeds through `npm run db:seed`.");
  process.exit(2);
}
const db = createKnex(url, 2);
try {
  await db.seed.run();
} catch (err) {
  // Knex wraps a seed's error in one naming the file, with both stacks; the seed's own sentence is what the operator needs.
  const original = (err as { original?: Error }).original ?? (err as Error);
  console.error(original.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
