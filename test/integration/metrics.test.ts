// GET /metrics: who may read it, counters that move with requests, the outbox and backup gauges, and no label that
// names a person (no e-mail, no id).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { HTML, PDF } from "../helpers/files.ts";

const TOKEN = "metrics-token-0123456789abcdef0123456789";
const backupDir = mkdtempSync(path.join(tmpdir(), "vs-metrics-backups-"));
let open: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  open = await createTestApp({ BACKUP_DIR: backupDir });
  guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await open.drop();
  await guarded.drop();
  rmSync(backupDir, { recursive: true, force: true });
});

const scrape = async (t: TestApp = open) => (await request(t.app).get("/metrics").expect(200)).text;

/** The value of one sample, e.g. `sample(text, 'http_requests_total{method="GET",route="/about",status="200"}')`. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("who may read /metrics", () => {
  it("answers a direct request from this machine when no token is set, without creating a session", async () => {
    const sessions = await open.db("user_sessions").count<{ count: number }[]>({ count: "*" });
    const res = await request(open.app).get("/metrics").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.text).toContain("# TYPE http_requests_total counter");
    expect(res.text).toContain("process_resident_memory_bytes");
    expect(res.text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(await open.db("user_sessions").count<{ count: number }[]>({ count: "*" })).toEqual(sessions);
  });

  it("refuses, as an unknown page, a loopback request that a proxy on this machine relayed (X-Forwarded-For)", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      const res = await request(open.app)
        .get("/metrics")
        .set(header, header === "Forwarded" ? "for=127.0.0.1" : "127.0.0.1")
        .expect(404);
      expect(res.text).not.toContain("http_requests_total");
    }
  });

  it("with METRICS_TOKEN: 404 without a token, 401 with a wrong one, 200 with it (from loopback too)", async () => {
    const none = await request(guarded.app).get("/metrics").expect(404);
    expect(none.text).not.toContain("http_requests_total");
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer x", `Basic ${TOKEN}`]) {
      const res = await request(guarded.app).get("/metrics").set("Authorization", wrong);
      expect([401, 404]).toContain(res.status);
      expect(res.text).not.toContain("http_requests_total");
    }
    await request(guarded.app)
      .get("/metrics")
      .set("Authorization", "Bearer x")
      .expect(401)
      .expect("WWW-Authenticate", /Bearer/);
    const ok = await request(guarded.app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200);
    expect(ok.text).toContain("http_requests_total");
  });

  it("refuses a METRICS_TOKEN shorter than 32 characters at start", async () => {
    const { loadConfig } = await import("../../server/config.ts");
    expect(() => loadConfig({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), METRICS_TOKEN: "short-token" }, () => {})).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });
});

describe("what /metrics counts", () => {
  it("counts requests by route template: two requests of a page raise its series by 2", async () => {
    const about = 'http_requests_total{method="GET",route="/about",status="200"}';
    const service = 'http_requests_total{method="GET",route="/services/:slug",status="404"}';
    const before = await scrape();
    await request(open.app).get("/about").expect(200);
    await request(open.app).get("/about").expect(200);
    await request(open.app).get("/services/no-such-service-123456").expect(404);
    const after = await scrape();
    expect(sample(after, about) - sample(before, about)).toBe(2);
    expect(sample(after, service) - sample(before, service)).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count{method="GET",route="/about"}')).toBeGreaterThanOrEqual(2);
  });

  it("counts sign-in failures, two-factor failures and rate-limit refusals", async () => {
    const user = await makeUser(open.db, { twoFactor: true });
    const before = await scrape();
    const guest = await open.client();
    await guest.post("/signin", { email: user.email, password: "wrong-password-1" }).expect(401);
    await guest.post("/signin", { email: user.email, password: user.password }).expect(200);
    await guest.post("/signin/code", { code: "000000" }).expect(400);
    const after = await scrape();
    expect(sample(after, "sign_in_failures_total") - sample(before, "sign_in_failures_total")).toBe(1);
    expect(sample(after, "two_factor_failures_total") - sample(before, "two_factor_failures_total")).toBe(1);

    const limited = await createTestApp({ BACKUP_DIR: backupDir });
    try {
      const c = await limited.client();
      const series = 'rate_limit_refusals_total{limit="signin-account"}';
      const start = sample(await scrape(limited), series);
      for (let i = 0; i < 12; i++) await c.post("/signin", { email: "nobody@example.com", password: "wrong-password-1" });
      expect(sample(await scrape(limited), series) - start).toBe(2);
    } finally {
      await limited.drop();
    }
  });

  it("counts uploads by outcome", async () => {
    const owner = await signedIn(open.app, await makeUser(open.db));
    const appId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const send = (body: Buffer, name: string) =>
      owner.agent
        .post(`/api/applications/${appId}/documents`)
        .set("X-CSRF-Token", owner.token)
        .set("Accept", "application/json")
        .field("document_type", "other")
        .attach("file", body, name);
    const accepted = 'uploads_total{kind="document",outcome="accepted"}';
    const wrongType = 'uploads_total{kind="document",outcome="wrong_type"}';
    const before = await scrape();
    await send(PDF, "letter.pdf").expect(201);
    await send(HTML, "page.png").expect(415);
    const after = await scrape();
    expect(sample(after, accepted) - sample(before, accepted)).toBe(1);
    expect(sample(after, wrongType) - sample(before, wrongType)).toBe(1);
  });

  it("reads the outbox and the newest backup at scrape time", async () => {
    const empty = await scrape();
    expect(sample(empty, "backup_last_success_timestamp_seconds")).toBe(0);
    writeFileSync(path.join(backupDir, "visa-services-20260102T030405Z.tar"), "");
    writeFileSync(path.join(backupDir, "visa-services-20251231T235959Z.tar"), "");
    writeFileSync(path.join(backupDir, "notes.txt"), "");

    const user = await makeUser(open.db);
    const message = { kind: "welcome", to_address: user.email, subject: "Welcome", data: "{}", user_id: user.id };
    await open.db("email_messages").insert([
      { ...message, status: "queued", created_at: open.db.raw("now() - interval '20 minutes'") },
      { ...message, status: "queued", attempts: 2, error: "421 try later" },
      { ...message, status: "failed", attempts: 8, error: "550 no such user" },
      { ...message, status: "sent" },
    ]);
    const text = await scrape();
    expect(sample(text, "backup_last_success_timestamp_seconds")).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
    expect(sample(text, 'outbox_messages{status="waiting"}')).toBe(2);
    expect(sample(text, 'outbox_messages{status="retrying"}')).toBe(1);
    expect(sample(text, 'outbox_messages{status="failed"}')).toBe(1);
    const age = sample(text, "outbox_oldest_waiting_age_seconds");
    expect(age).toBeGreaterThanOrEqual(1200);
    expect(age).toBeLessThan(1300);
    expect(text).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^db_pool_pending_acquires \d+$/m);
  });

  it("reads the upload spool at scrape time: its unfinished uploads and their bytes", async () => {
    const owner = await signedIn(open.app, await makeUser(open.db));
    const appId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const meta = Object.entries({ applicationId: appId, kind: "document", document_type: "other", filename: "letter.pdf" })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");
    const tus = (req: request.Test) => req.set("Tus-Resumable", "1.0.0").set("X-CSRF-Token", owner.token);
    expect(sample(await scrape(), "upload_spool_uploads")).toBe(0);
    expect(sample(await scrape(), "upload_spool_bytes")).toBe(0);
    const location = (await tus(owner.agent.post("/api/uploads")).set("Upload-Length", "100000").set("Upload-Metadata", meta).expect(201)).headers
      .location;
    await tus(owner.agent.patch(location))
      .set("Upload-Offset", "0")
      .set("Content-Type", "application/offset+octet-stream")
      .send(Buffer.concat([PDF, Buffer.alloc(60_000 - PDF.length)]))
      .expect(204);
    const text = await scrape();
    expect(sample(text, "upload_spool_uploads")).toBe(1);
    // The bytes received so far, and the upload's small JSON file.
    expect(sample(text, "upload_spool_bytes")).toBeGreaterThan(60_000);
    expect(sample(text, "upload_spool_bytes")).toBeLessThan(62_000);
    await tus(owner.agent.delete(location)).expect(204);
    expect(sample(await scrape(), "upload_spool_bytes")).toBe(0);
  });

  it("names no person in any label: no e-mail, no uuid, no run of six digits", async () => {
    const owner = await signedIn(open.app, await makeUser(open.db));
    const appId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await owner.get(`/application/${appId}`).expect(200);
    await owner.get(`/application/${appId}/receipt`);
    await owner.get("/files/documents/00000000-0000-4000-8000-000000000000").expect(404);
    await request(open.app).get("/nowhere/1234567/someone@example.com").expect(404);
    const text = await scrape();
    expect(text).toContain('route="/application/:id"');
    const values = [...text.matchAll(/^[a-z_:][a-z0-9_:]*\{(.*)\} /gm)].flatMap((m) =>
      [...m[1].matchAll(/[a-z_]+="((?:[^"\\]|\\.)*)"/g)].map((v) => v[1]),
    );
    expect(values.length).toBeGreaterThan(50);
    const personal = values.filter((v) => /@|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{6,}/i.test(v));
    expect(personal).toEqual([]);
  });
});
