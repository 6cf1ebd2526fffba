// npm run worker: the mail delivery worker as a process of its own (run the servers with MAIL_WORKER=false).
import { ConfigError, loadConfig } from "../config.ts";
import { createKnex, migrateLatest } from "../db/knex.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createLogger } from "../middleware/logging.ts";

const logger = createLogger(process.env.LOG_LEVEL ?? "info");
const config = (() => {
  try {
    return loadConfig(process.env, (m) => logger.warn(m));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
})();
if (!config.database.url) {
  logger.error("npm run worker needs DATABASE_URL: with the embedded database the server process delivers mail itself.");
  process.exit(2);
}
const db = createKnex(config.database.url, config.mail.concurrency + 1, (err) => logger.warn({ err: err.message }, "database connection lost"));
await migrateLatest(db);
const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
const worker = await startJobWorker({ connectionString: config.database.url, db, config, logger, baseUrl });
console.log(`Mail worker ready (${config.mail.smtpUrl ? "SMTP" : `no SMTP_URL: writing to ${config.mail.dir}`})`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await db.destroy();
    process.exit(0);
  });
}
