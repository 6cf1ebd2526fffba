// The process: configuration → database (embedded unless DATABASE_URL) → migrations → listen → graceful shutdown.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AppOptions, createApp } from "./app.ts";
import { ConfigError, loadConfig, localPortMismatch } from "./config.ts";
import { locals } from "./context.ts";
import { auditTrailExposure } from "./db/auditTrail.ts";
import { connectionStringOf, createKnex } from "./db/knex.ts";
import { migrateDatabase, resolveDatabase } from "./db/setup.ts";
import { reachingDatabase } from "./db/unreachable.ts";
import { type JobWorker, startJobWorker } from "./jobs/worker.ts";
import { createLogger } from "./middleware/logging.ts";
import { recordProductionStart } from "./models/productionStarts.ts";
import { pruneExpired } from "./models/rateLimits.ts";

const SHUTDOWN_GRACE_MS = 10_000;
const PRUNE_RATE_LIMITS_MS = 10 * 60_000;

export interface Started {
  server: Server;
  url: string;
  /** Where the data is: the embedded cluster's folder, or that DATABASE_URL is used. */
  database: string;
  shutdown: (reason?: string) => Promise<void>;
}

export interface StartOptions {
  dev?: (server: Server) => Promise<AppOptions["dev"]>;
  /** An embedded cluster that cannot be opened is moved aside and a new, empty one made (`npm start -- --force`). */
  force?: boolean;
}

export async function startServer(options: StartOptions = {}): Promise<Started> {
  const logger = createLogger(process.env.LOG_LEVEL ?? "info");
  const config = loadConfig(process.env, (m) => logger.warn(m));
  const mismatch = localPortMismatch(config.publicUrl, config.port);
  if (mismatch) throw new ConfigError(mismatch);
  const database = await resolveDatabase(config, (m) => logger.info(m), { force: options.force });
  const db = createKnex(
    database.url,
    config.database.poolMax,
    (err) => logger.warn({ err: err.message }, "database connection lost"),
    config.database.acquireTimeoutMs,
  );
  const applied = await reachingDatabase(config.database.url, () => migrateDatabase(database, db)).catch(async (err) => {
    await db.destroy();
    throw err;
  });
  if (applied.length) logger.info({ applied }, "migrations applied");
  // With DATABASE_URL the role is the operator's choice: say when it could rewrite the trail (README, audit trail).
  const exposure = await auditTrailExposure(db);
  if (exposure.length) {
    logger.warn({ reasons: exposure }, "the audit trail is only as protected as the database role: this role can change or delete it");
  }
  // The database remembers that it serves production, so the demo seed refuses it whatever its own NODE_ENV says.
  if (config.isProd) await recordProductionStart(db);

  const { createServer } = await import("node:http");
  const server = createServer();
  const dev = options.dev ? await options.dev(server) : undefined;
  const app = createApp({ db, config, logger, dev });
  server.on("request", app);
  // Slow mobile networks: allow long uploads, but not idle sockets or slow headers.
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 5_000;

  // Expired rate-limit counters (one per address and account tried) are deleted, so the table cannot grow unbounded.
  const pruning = setInterval(() => {
    pruneExpired(db).catch((err: Error) => logger.warn({ err: err.message }, "rate-limit pruning failed"));
  }, PRUNE_RATE_LIMITS_MS);
  pruning.unref();

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  // The mail worker runs here unless MAIL_WORKER=false (then `npm run worker` delivers).
  const worker: JobWorker | undefined = config.mail.inProcessWorker
    ? await startJobWorker({ connectionString: connectionStringOf(db), db, config, logger, baseUrl: config.publicUrl ?? url })
    : undefined;

  let stopping: Promise<void> | undefined;
  const shutdown = (reason = "shutdown") => {
    stopping ??= (async () => {
      logger.info({ reason }, "stopping: finishing in-flight requests");
      // Drain first: every answer now says Connection: close and /readyz fails, so clients stop reusing
      // keep-alive sockets; only then is the listener closed (closing idle sockets races with new requests on them).
      locals(app).draining = true;
      clearInterval(pruning);
      await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(forced);
      await worker?.stop();
      await db.destroy();
      await database.stop();
      logger.info("stopped");
    })();
    return stopping;
  };
  const where = database.clusterDir ? `the embedded PostgreSQL in ${database.clusterDir}` : "the PostgreSQL of DATABASE_URL";
  return { server, url, database: where, shutdown };
}

/** Runs the server until SIGTERM or SIGINT, then drains and exits. `--force` on the command line sets `force`. */
export async function main(options: StartOptions = {}): Promise<void> {
  let started: Started;
  try {
    started = await startServer({ force: process.argv.slice(2).includes("--force"), ...options });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
    return;
  }
  let signals = 0;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      // A second Ctrl+C stops at once; a repeated SIGTERM keeps draining.
      if (signal === "SIGINT" && ++signals > 1) process.exit(130);
      started.shutdown(signal).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  // Only now: whoever waits for this line may stop the server at once, and the signal must find its handler.
  console.log(`\n  Site ready at ${started.url}\n  Data: ${started.database}\n`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
