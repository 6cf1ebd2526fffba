// Sessions in PostgreSQL (connect-pg-simple on Knex's own pool), with a rolling idle timeout and an absolute lifetime.
import connectPgSimple from "connect-pg-simple";
import type { NextFunction, Request, Response } from "express";
import session from "express-session";
import type { Knex } from "knex";
import type pg from "pg";
import type { Config } from "../config.ts";

declare module "express-session" {
  interface SessionData {
    startedAt?: number;
    flash?: { title: string; description?: string; variant?: "default" | "destructive" };
    returnTo?: string;
  }
}

/**
 * A pg.Pool look-alike over Knex, so sessions and data share one pool. Queries go through knex.raw (with $n turned
 * into named bindings), which returns broken connections to the pool correctly after a database restart.
 */
function knexPool(db: Knex) {
  return {
    query(text: string, params: unknown[] = []) {
      const bindings = Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v]));
      return db.raw(text.replace(/\$(\d+)/g, ":p$1"), bindings as Record<string, Knex.Value>);
    },
  };
}

/**
 * Rolling sessions would write the session row on every request. The store's expiry is extended at most once per
 * interval per session instead (the browser's cookie still rolls on every answer), which removes a write per request.
 * The map only skips redundant writes: losing it (another process, a restart) costs one extra UPDATE, nothing more.
 */
function throttledTouch<T extends session.Store>(store: T, intervalMs: number): T {
  const lastTouch = new Map<string, number>();
  const touch = store.touch?.bind(store);
  if (!touch) return store;
  store.touch = (sid: string, sess: session.SessionData, cb?: (err?: unknown) => void) => {
    const now = Date.now();
    const last = lastTouch.get(sid);
    if (last !== undefined && now - last < intervalMs) return cb?.();
    if (lastTouch.size >= 100_000) lastTouch.clear();
    lastTouch.set(sid, now);
    touch(sid, sess, cb);
  };
  const destroy = store.destroy.bind(store);
  store.destroy = (sid: string, cb?: (err?: unknown) => void) => {
    lastTouch.delete(sid);
    destroy(sid, cb);
  };
  return store;
}

export function createSessionMiddleware(db: Knex, config: Config) {
  const PgStore = connectPgSimple(session);
  const pgStore = new PgStore({
    pool: knexPool(db) as unknown as pg.Pool,
    tableName: "user_sessions",
    pruneSessionInterval: config.isTest ? false : 15 * 60,
    errorLog: () => {},
  });
  const store = throttledTouch(pgStore, Math.min(60_000, config.session.idleMs / 10));
  const middleware = session({
    name: config.session.cookieName,
    secret: config.session.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: config.session.idleMs, path: "/" },
  });
  return { middleware, store };
}

/** Ends a session older than the absolute lifetime, however active it has been. */
export function absoluteLifetime(maxAgeMs: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const s = req.session;
    if (!s?.startedAt || Date.now() - s.startedAt <= maxAgeMs) return next();
    s.destroy(() => next());
  };
}

export function setFlash(req: Request, flash: NonNullable<session.SessionData["flash"]>): void {
  if (req.session) req.session.flash = flash;
}
