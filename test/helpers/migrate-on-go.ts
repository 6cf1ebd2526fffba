// A process that connects, says "ready", waits for "go" on stdin, then migrates: lets a test start runners at one instant.
import { createKnex, migrateLatest } from "../../server/db/knex.ts";

const db = createKnex(process.env.DATABASE_URL as string, 4);
await db.raw("SELECT 1");
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
try {
  const applied = await migrateLatest(db);
  process.stdout.write(`${JSON.stringify({ applied })}\n`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
