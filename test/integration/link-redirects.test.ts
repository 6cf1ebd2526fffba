// A one-time link works the first time: what it puts in the session is stored before the browser is sent on.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.ts";
import { createKnex } from "../../server/db/knex.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { issueToken } from "../../server/models/accountTokens.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser } from "../helpers/factories.ts";

/** How many fresh browsers open a link of each kind at once. */
const BROWSERS = 40;

let t: TestApp;
let appDb: Knex;
let server: http.Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  // Connections to spare beyond the browsers' session writes, which wait below: the other requests never queue for one.
  appDb = createKnex(t.url, 2 * BROWSERS + 10, undefined, 15_000);
  server = http.createServer(createApp({ db: appDb, config: t.config, logger: createLogger("silent") }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await appDb.destroy();
  await t.drop();
});

interface Answer {
  status: number;
  body: string;
}

/**
 * A browser with cookies of its own that follows a redirect as soon as the redirect's headers arrive, as a browser
 * does (supertest and fetch wait for the whole answer, whose last byte express-session holds until the session is
 * stored). A link or form is sent as a browser without JavaScript sends it; the pages after it are asked for as JSON,
 * so the test reads their props.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  /** Redirects shown on the way of the latest open(), and whether the page after them has answered (its headers). */
  redirects = 0;
  answered = false;

  constructor(private readonly ip: string) {}

  private request(path: string, accept: string, form?: Record<string, string>): Promise<{ res: http.IncomingMessage; body: Promise<string> }> {
    const payload = form ? new URLSearchParams(form).toString() : undefined;
    const headers: http.OutgoingHttpHeaders = { Accept: accept, "X-Forwarded-For": this.ip };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (payload) Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method: form ? "POST" : "GET", path, headers }, (res) => {
        for (const line of res.headers["set-cookie"] ?? []) {
          const pair = line.split(";")[0];
          this.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
        }
        res.setEncoding("utf8");
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        resolve({ res, body: new Promise((done) => res.on("end", () => done(text))) });
      });
      req.on("error", reject);
      req.end(payload);
    });
  }

  /** Opens a link (or posts a form) and follows its redirects; the page it ends on. */
  async open(path: string, form?: Record<string, string>): Promise<Answer> {
    this.redirects = 0;
    this.answered = false;
    let { res, body } = await this.request(path, "text/html", form);
    while (res.statusCode === 303 && res.headers.location) {
      this.redirects += 1;
      res.resume();
      ({ res, body } = await this.request(res.headers.location, "application/json"));
    }
    this.answered = true;
    return { status: res.statusCode ?? 0, body: await body };
  }

  /** The CSRF token its cookie holds (a form carries it as _csrf). */
  get csrf() {
    return decodeURIComponent(this.cookies.get("hg.csrf") ?? "");
  }
}

let network = 0;
/** Each browser from a network of its own: forty sign-ins from one would pass its limit. */
const newBrowser = () => {
  network += 1;
  return new Browser(`10.90.${network >> 8}.${network & 255}`);
};

/** Session writes (the store's upsert) waiting for the table, held below. */
const sessionWritesWaiting = async () =>
  (
    await t.db.raw(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO "user_sessions"%'`,
    )
  ).rows[0].n as number;

/**
 * Runs `send` while the session store is slow: sessions can be read but not written until each of `browsers` has a
 * session write waiting, and every browser already sent on has had its next page (or that page, too, waits to store
 * a session). A browser sent on before its session is stored reads it while it is still missing, as a browser may
 * whenever the store is a little slower than the redirect is followed. The session writes start only after the
 * redirect's headers are written, or before them once the redirect waits for the save: one more round trip to the
 * server after they all wait lets any redirect already written arrive.
 */
async function whileSessionsWait<T>(browsers: Browser[], send: () => Promise<T>): Promise<T> {
  const settled = () =>
    vi.waitFor(
      async () => {
        const sentOnWithoutPage = browsers.filter((b) => b.redirects > 0 && !b.answered).length;
        expect(await sessionWritesWaiting()).toBeGreaterThanOrEqual(browsers.length + sentOnWithoutPage);
      },
      { timeout: 10_000, interval: 20 },
    );
  const hold = await t.db.transaction();
  let sent: Promise<T> | undefined;
  try {
    await hold.raw("LOCK TABLE user_sessions IN SHARE MODE");
    sent = send();
    await settled();
    expect((await newBrowser().open("/healthz")).status).toBe(200);
    await settled();
  } finally {
    await hold.commit();
  }
  return sent;
}

const openAll = (browsers: Browser[], links: string[]) =>
  whileSessionsWait(browsers, () => Promise.all(links.map((link, i) => browsers[i].open(link))));

/** The page a browser ended on, in words: its status, its name, and why a link was refused. */
function shown({ status, body }: Answer): string {
  const { page, props } = JSON.parse(body);
  return `${status} ${page}${props.invalid ? `: ${props.invalid}` : ""}${props.needsLink ? ": asks for the set-up link" : ""}`;
}

describe("a one-time link opened in many fresh browsers at once", () => {
  it("every staff invitation shows its password form, none 'expired or already used'", { timeout: 60_000 }, async () => {
    const people = await Promise.all(Array.from({ length: BROWSERS }, () => makeUser(t.db, { officer: true, twoFactor: false })));
    const links = await Promise.all(people.map(async (p) => `/staff/invitation?token=${await issueToken(t.db, p.id, "staff_invite")}`));
    const pages = await openAll(people.map(newBrowser), links);
    expect(pages.map(shown)).toEqual(people.map(() => "200 auth/StaffInvitation"));
    expect(pages.map((p) => JSON.parse(p.body).props.email)).toEqual(people.map((p) => p.email));
  });

  it("every password reset link shows its new-password form, none 'expired or already used'", { timeout: 60_000 }, async () => {
    const people = await Promise.all(Array.from({ length: BROWSERS }, () => makeUser(t.db)));
    const links = await Promise.all(people.map(async (p) => `/reset-password?token=${await issueToken(t.db, p.id, "password_reset")}`));
    const pages = await openAll(people.map(newBrowser), links);
    expect(pages.map(shown)).toEqual(people.map(() => "200 auth/ResetPassword"));
    expect(pages.map((p) => JSON.parse(p.body).props.email)).toEqual(people.map((p) => p.email));
  });

  it("every two-factor set-up link shows its staff member the QR code, none 'start from your set-up link'", { timeout: 90_000 }, async () => {
    const people = await Promise.all(Array.from({ length: BROWSERS }, () => makeUser(t.db, { admin: true, twoFactor: false })));
    const browsers = people.map(newBrowser);
    for (const [i, browser] of browsers.entries()) {
      await browser.open("/api/csrf");
      const enrolPage = await browser.open("/signin", { email: people[i].email, password: people[i].password, _csrf: browser.csrf });
      expect(shown(enrolPage)).toBe("200 portal/TwoFactor: asks for the set-up link");
    }
    const links = await Promise.all(people.map(async (p) => `/account/two-factor?enrol=${await issueToken(t.db, p.id, "staff_enrol")}`));
    const pages = await openAll(browsers, links);
    expect(pages.map(shown)).toEqual(people.map(() => "200 portal/TwoFactor"));
    expect(pages.filter((p) => !JSON.parse(p.body).props.qrSvg)).toEqual([]);
  });
});

describe("the sign-in form of an account with two-factor on", () => {
  it("leads every browser to the code step, none to 'sign in again'", { timeout: 60_000 }, async () => {
    // Fewer: each sign-in checks a password hash while the session writes wait, and they may not wait for long.
    const people = await Promise.all(Array.from({ length: BROWSERS / 4 }, () => makeUser(t.db, { twoFactor: true })));
    const browsers = people.map(newBrowser);
    for (const browser of browsers) await browser.open("/api/csrf");
    const pages = await whileSessionsWait(browsers, () =>
      Promise.all(browsers.map((b, i) => b.open("/signin", { email: people[i].email, password: people[i].password, _csrf: b.csrf }))),
    );
    expect(pages.map(shown)).toEqual(people.map(() => "200 auth/TwoFactorCode"));
  });
});
