// What controllers reach through the request: the database, configuration, logger and file storage; and the
// application's own state (app.locals), typed here once.
import type { Application, Request } from "express";
import type { Knex } from "knex";
import type { Logger } from "pino";
import type { createPassport } from "./auth/passport.ts";
import type { Config } from "./config.ts";
import type { Outbox } from "./mail/outbox.ts";
import type { Renderer } from "./render/renderer.ts";
import type { Storage } from "./storage/storage.ts";

export interface AppContext {
  db: Knex;
  config: Config;
  logger: Logger;
  storage: Storage;
  /** Every message the site sends goes through it, queued in the transaction of the change that causes it. */
  outbox: Outbox;
}

/** Everything createApp() keeps for the life of the application. */
export interface AppLocals {
  ctx: AppContext;
  renderer: Renderer;
  passport: ReturnType<typeof createPassport>;
  /** Set at SIGTERM: answers say Connection: close and /readyz fails while in-flight requests finish. */
  draining: boolean;
}

// Keyed by the app.locals object, so an app that borrows another's locals (app.locals = other.locals) shares them too.
const byApp = new WeakMap<object, AppLocals>();

export function provideLocals(app: Application, locals: AppLocals): AppLocals {
  byApp.set(app.locals, locals);
  return locals;
}

/** The application's state, or undefined for an app that createApp() did not make (a bare test app). */
export function findLocals(app: Application): AppLocals | undefined {
  return byApp.get(app.locals);
}

export function locals(app: Application): AppLocals {
  const found = findLocals(app);
  if (!found) throw new Error("This application was not made by createApp()");
  return found;
}

export function ctx(req: Request): AppContext {
  return locals(req.app).ctx;
}
