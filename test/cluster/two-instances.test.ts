// Two server processes on one PostgreSQL and one S3 bucket behave as one site, and one can leave under load.
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { buildIfStale } from "../../server/cli/build.ts";
import { createKnex, withDatabase } from "../../server/db/knex.ts";
import { insertApp } from "../helpers/admin.ts";
import { completeDraft, makeUser, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";
import { startTestBucket, type TestBucket } from "../helpers/s3.ts";
import { type RunningServer, SERVER_SESSION_SECRET, startServerProcess } from "../helpers/server.ts";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { query } from "../helpers/sql.ts";
import { freshCode } from "../helpers/twoFactor.ts";

const name = `vs_test_cluster_${process.pid}`;
let bucket: TestBucket;
let smtp: TestSmtp;
let a: RunningServer;
let b: RunningServer;
let db: Knex;
let user: TestUser;

const admin = (sql: string) => query(inject("pgAdminUrl"), sql);

/** A browser-like client: keeps cookies across both instances (one site behind a balancer) and sends the CSRF token. */
function visitor() {
  const jar = new Map<string, string>();
  let token = "";
  const call = async (base: string, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    // As the browser's script does: the token is the one its cookie holds now (a new one is issued at sign-in).
    const current = jar.get("hg.csrf") ? decodeURIComponent(jar.get("hg.csrf") as string) : token;
    if (current) headers.set("X-CSRF-Token", current);
    const res = await fetch(`${base}${path}`, { ...init, headers, redirect: "manual" });
    // Read to its end, as the page's script does before its next request: the server saves the session before the last
    // byte, not the headers, and a next request sent on the headers alone could find the sign-in's step not saved yet
    // (a 401 from /signin/code in one CI run).
    await res.clone().arrayBuffer();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  return {
    call,
    start: async (base: string) => {
      token = (await (await call(base, "/api/csrf")).json()).token;
    },
    json: (base: string, path: string, body: unknown) =>
      call(base, path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  };
}

beforeAll(async () => {
  await buildIfStale(() => {});
  bucket = await startTestBucket();
  smtp = await startSmtp();
  await admin(`CREATE DATABASE "${name}"`);
  const url = withDatabase(inject("pgAdminUrl"), name);
  // Both start together on the empty database: each runs the migrations at start-up. PUBLIC_URL as behind a balancer.
  // Each runs the mail worker in its process (the default), both sending to one SMTP server.
  const env = { ...bucket.env, PUBLIC_URL: "https://www.horizongate.example", SMTP_URL: smtp.url };
  [a, b] = await Promise.all([startServerProcess(url, env), startServerProcess(url, env)]);
  db = createKnex(url, 2);
  user = await makeUser(db);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.destroy();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await bucket?.stop();
  await smtp?.stop();
});

describe("two instances on one database and one bucket", () => {
  it("applied the migrations once although both started together", async () => {
    expect([a, b].filter((s) => s.output().includes("migrations applied"))).toHaveLength(1);
    const rows = await db("knex_migrations").select("name");
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it("keeps a visitor signed in across instances and serves a document uploaded on A from B", async () => {
    const v = visitor();
    await v.start(a.url);
    expect((await v.json(a.url, "/signin", { email: user.email, password: user.password })).status).toBe(200);
    expect((await v.call(b.url, "/dashboard")).status).toBe(200);

    const created = await v.json(a.url, "/api/applications", completeDraft());
    expect(created.status).toBe(201);
    const appId = (await created.json()).application.id;
    const form = new FormData();
    form.set("document_type", "bank_statement");
    form.set("file", new Blob([PDF], { type: "application/pdf" }), "statement.pdf");
    const uploaded = await v.call(a.url, `/api/applications/${appId}/documents`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const docId = (await uploaded.json()).document.id;
    const downloaded = await v.call(b.url, `/files/documents/${docId}`);
    expect(downloaded.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await downloaded.arrayBuffer()), PDF)).toBe(0);
    expect((await bucket.keys()).filter((k) => !k.startsWith(".tmp/"))).toHaveLength(1);
  });

  it("counts sign-in attempts made on both instances against one limit", async () => {
    const target = await makeUser(db);
    const v = visitor();
    await v.start(a.url);
    for (let i = 0; i < 10; i++) {
      const res = await v.json(i % 2 ? b.url : a.url, "/signin", { email: target.email, password: "wrong-password" });
      expect(res.status).toBe(401);
    }
    expect((await v.json(a.url, "/signin", { email: target.email, password: target.password })).status).toBe(429);
    expect((await v.json(b.url, "/signin", { email: target.email, password: target.password })).status).toBe(429);
  });

  it("serves the same public pages from either instance", async () => {
    for (const path of ["/", "/about", "/our-services", "/contact", "/sitemap.xml"]) {
      const [fromA, fromB] = await Promise.all([fetch(a.url + path), fetch(b.url + path)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(await fromB.text()).toBe(await fromA.text());
    }
  });

  it("sends each status change's e-mail exactly once, although both instances run a mail worker", { timeout: 120_000 }, async () => {
    const staff = await makeUser(db, { admin: true, sessionSecret: SERVER_SESSION_SECRET });
    const applicant = await makeUser(db);
    const v = visitor();
    await v.start(a.url);
    expect((await v.json(a.url, "/signin", { email: staff.email, password: staff.password })).status).toBe(200);
    expect((await v.json(a.url, "/signin/code", { code: await freshCode(staff.totpSecret ?? "") })).status).toBe(200);
    const apps = await Promise.all(Array.from({ length: 8 }, () => insertApp(db, applicant.id, { status: "submitted", submitted_at: new Date() })));
    // Staff changes alternate between the instances; each change queues its message in its own transaction.
    for (const [i, app] of apps.entries()) {
      const res = await v.call(i % 2 ? b.url : a.url, `/api/admin/applications/${app.id}/status`, {
        method: "PATCH",
        body: JSON.stringify({ status: "under_review", shownStatus: "submitted", note: "" }),
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(200);
    }
    // Done when every record says sent and no job is left to run: nothing can send again after that.
    await vi.waitFor(
      async () => {
        const unsent = await db("email_messages").where({ to_address: applicant.email }).whereNot({ status: "sent" }).count({ n: "*" });
        const queued = await db.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs");
        expect([Number(unsent[0].n), queued.rows[0].n]).toEqual([0, 0]);
      },
      { timeout: 90_000, interval: 200 },
    );
    const received = smtp.received.filter((m) => m.to.includes(applicant.email));
    expect(received.map((m) => m.subject).sort()).toEqual(apps.map((app) => `Application ${app.reference_number}: Under Review`).sort());
  });

  it("loses no request when A is stopped under load: the balancer's readiness check moves traffic to B first", { timeout: 60_000 }, async () => {
    // A balancer as operators configure one: it polls /readyz every 100 ms and sends requests only to ready instances.
    const ready = new Map([
      [a.url, true],
      [b.url, true],
    ]);
    let polling = true;
    const poll = (async () => {
      while (polling) {
        for (const url of ready.keys())
          ready.set(
            url,
            await fetch(`${url}/readyz`).then(
              (r) => r.ok,
              () => false,
            ),
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const results: { instance: string; status: number | string }[] = [];
    let next = 0;
    const until = Date.now() + 4000;
    const worker = async () => {
      while (Date.now() < until) {
        const up = [...ready].filter(([, ok]) => ok).map(([url]) => url);
        const instance = up[next++ % up.length];
        const status = await fetch(`${instance}/about`).then(
          (r) => r.arrayBuffer().then(() => r.status),
          (e) => String(e.cause ?? e),
        );
        results.push({ instance, status });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await new Promise((r) => setTimeout(r, 1000));
    const exit = a.stop("SIGTERM");
    await load;
    polling = false;
    await poll;
    expect(await exit).toBe(0);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => r.instance === a.url).length).toBeGreaterThan(0);
    expect(results.slice(-10).every((r) => r.instance === b.url)).toBe(true);
  });
});
