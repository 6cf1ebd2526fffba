// Sessions in PostgreSQL (connect-pg-simple on Knex's own pool), with a rolling idle timeout and an absolute lifetime.
import connectPgSimple from "connect-pg-simple";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import session from "express-session";
import type { Knex } from "knex";
import type pg from "pg";
import type { SessionUser } from "../../views/types.ts";
import type { Config } from "../config.ts";
import { findSessionWithUser } from "../models/users.ts";

declare module "express-session" {
  interface SessionData {
    startedAt?: number;
    /** The browser and system it was signed in from, in words (account page). */
    device?: string;
    flash?: { title: string; description?: string; variant?: "default" | "destructive" };
    /** Password right, second factor still to give (auth/twoFactor controller): who, since when, where to go. */
    pendingSignIn?: { userId: string; at: number; next: string };
    /** A staff account's one-time two-factor set-up link, moved here from the address it came in (twoFactor controller). */
    staffEnrol?: string;
    /** The password-reset link this browser opened, moved here from its address (passwordReset controller). */
    passwordReset?: string;
    /** The staff invitation link this browser opened, moved here from its address (controllers/staffInvitation.ts). */
    staffInvite?: string;
    /** A family invitation's link opened in this browser, moved here from its address (controllers/familyInvitation.ts); kept across signing in. */
    familyInvite?: string;
    /**
     * A calendar feed's secret just made (controllers/admin/consultations.ts), kept until the Consultations page shows
     * its address once after the redirect: only the secret's hash is stored with the feed.
     */
    newFeedToken?: string;
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

/** The user read together with each request's session, for passport's deserializer (auth/passport.ts). */
const sessionUsers = new WeakMap<Request, SessionUser | null>();

/** The account read with this request's session: null when it is gone, undefined when it was not read that way. */
export function userReadWithSession(req: Request): SessionUser | null | undefined {
  return sessionUsers.get(req);
}

/**
 * The store reads the session row and its user in one query (models/users.ts) instead of two round trips per
 * request (the session, then passport's user lookup). The user travels to createSession, which sees the request, on
 * a symbol key that is removed before express-session copies the data into the session.
 */
const USER = Symbol("sessionUser");
function readsUserWithSession<T extends session.Store>(store: T, db: Knex): T {
  store.get = (sid: string, cb: (err: unknown, sess?: session.SessionData | null) => void) => {
    findSessionWithUser(db, sid, Math.floor(Date.now() / 1000)).then(
      (row) => {
        if (!row) return cb(null, null);
        try {
          const sess = (typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess) as session.SessionData & { [USER]?: SessionUser | null };
          sess[USER] = row.user;
          cb(null, sess);
        } catch {
          store.destroy(sid, (err) => cb(err, null));
        }
      },
      (err) => cb(err),
    );
  };
  const createSession = store.createSession.bind(store);
  store.createSession = (req: Request, sess: session.SessionData & { [USER]?: SessionUser | null }) => {
    if (USER in sess) {
      sessionUsers.set(req, sess[USER] ?? null);
      delete sess[USER];
    }
    return createSession(req, sess);
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
  const store = readsUserWithSession(throttledTouch(pgStore, Math.min(60_000, config.session.idleMs / 10)), db);
  const options = (name: string, secure: boolean): session.SessionOptions => ({
    name,
    secret: config.session.cookieKey,
    store: viewOf(store),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: "lax", secure, maxAge: config.session.idleMs, path: "/" },
  });
  // Over HTTPS the cookie is `__Host-` prefixed (Secure, host-only, path /); plain http://localhost keeps the bare name.
  const overHttps = session(options(sessionCookieName(true, config), true));
  const overHttp = session(options(sessionCookieName(false, config), false));
  const middleware: RequestHandler = (req, res, next) => (req.secure ? overHttps : overHttp)(req, res, next);
  return { middleware, store };
}

/**
 * express-session writes its own `generate` (the cookie options of a new session) onto the store it is given, so each
 * of the two middlewares gets its own view of the one store; otherwise a session regenerated at sign-in over HTTPS
 * would take the plain-HTTP cookie options. (A prototype-derived copy cannot work: the store keeps private fields.)
 */
class StoreView extends session.Store {
  constructor(private readonly store: session.Store) {
    super();
  }
  get: session.Store["get"] = (sid, cb) => this.store.get(sid, cb);
  set: session.Store["set"] = (sid, sess, cb) => this.store.set(sid, sess, cb);
  destroy: session.Store["destroy"] = (sid, cb) => this.store.destroy(sid, cb);
  touch: session.Store["touch"] = (sid, sess, cb) => this.store.touch?.(sid, sess, cb ?? (() => {}));
  createSession: session.Store["createSession"] = (req, sess) => this.store.createSession(req, sess);
}
const viewOf = (store: session.Store) => new StoreView(store);

export const sessionCookieName = (secure: boolean, config: Config) => (secure ? `__Host-${config.session.cookieName}` : config.session.cookieName);

/**
 * Ends a session older than the absolute lifetime, however active it has been. The request goes on with a fresh,
 * empty session, so it is answered as a signed-out visitor's (a protected page redirects to /auth).
 */
export function absoluteLifetime(maxAgeMs: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const s = req.session;
    if (!s?.startedAt || Date.now() - s.startedAt <= maxAgeMs) return next();
    s.regenerate((err) => next(err));
  };
}

/**
 * Redirects (303) once the session is stored, for a redirect to a page that reads what was just put in it (a link's
 * token, the sign-in waiting for its code, a message). express-session stores a changed session only at res.end,
 * after the headers (with Location) have gone out, and a browser follows the Location at once: the next page could
 * read the session before it is stored, and find the token missing or the message not there.
 */
export function redirectAfterSave(req: Request, res: Response, url: string): Promise<void> {
  return new Promise((resolve) => {
    if (!req.session) {
      res.redirect(303, url);
      return resolve();
    }
    // A failed save loses what was put in the session (the next page says so); the redirect goes ahead either way.
    req.session.save(() => {
      res.redirect(303, url);
      resolve();
    });
  });
}

/** Stores a message for the next page and redirects there once the session is stored. */
export function redirectWithFlash(req: Request, res: Response, url: string, flash: NonNullable<session.SessionData["flash"]>): Promise<void> {
  if (req.session) req.session.flash = flash;
  return redirectAfterSave(req, res, url);
}
