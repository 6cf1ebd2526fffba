// The delivery worker: graphile-worker runs send jobs (retries with exponential backoff, one worker per job).
import { Logger as GraphileLogger, run } from "graphile-worker";
import type { Knex } from "knex";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { deliver } from "./deliver.ts";
import { SEND_TASK } from "./queue.ts";
import { createTransport } from "./transport.ts";

export interface MailWorker {
  stop: () => Promise<void>;
}

function graphileLogger(logger: Logger) {
  // Its own failure lines repeat what deliver() already logged: kept at debug.
  return new GraphileLogger(() => (level, message) => {
    if (level === "error") logger.error(message);
    else logger.debug(message);
  });
}

export async function startMailWorker(opts: {
  connectionString: string;
  db: Knex;
  config: Config;
  logger: Logger;
  baseUrl: string;
  pollIntervalMs?: number;
}): Promise<MailWorker> {
  const { config } = opts;
  const transport = createTransport({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    dir: config.mail.dir,
    domain: config.site.emailInfo.split("@")[1],
    connections: config.mail.concurrency,
  });
  const deps = { db: opts.db, config, logger: opts.logger, transport, baseUrl: opts.baseUrl };
  const runner = await run({
    connectionString: opts.connectionString,
    concurrency: config.mail.concurrency,
    maxPoolSize: config.mail.concurrency + 2,
    noHandleSignals: true,
    pollInterval: opts.pollIntervalMs ?? 2000,
    logger: graphileLogger(opts.logger),
    taskList: {
      [SEND_TASK]: async (payload, helpers) => {
        const { messageId } = payload as { messageId: string };
        await deliver(deps, messageId, helpers.job.attempts, helpers.job.max_attempts);
      },
    },
  });
  return {
    stop: async () => {
      await runner.stop();
      transport.close();
    },
  };
}
