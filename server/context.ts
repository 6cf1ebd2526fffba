// What controllers reach through the request: the database, configuration, logger and file storage.
import type { Request } from "express";
import type { Knex } from "knex";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Storage } from "./storage/storage.ts";

export interface AppContext {
  db: Knex;
  config: Config;
  logger: Logger;
  storage: Storage;
}

export function ctx(req: Request): AppContext {
  return req.app.locals.ctx as AppContext;
}
