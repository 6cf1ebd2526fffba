// npm run db:seed: a random password shown once per run, and a refusal on any database a production server has started on.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionRefusal } from "../../seeds/01_demo.ts";
import { ROOT_DIR } from "../../server/config.ts";
import { findLiveToken } from "../../server/models/accountTokens.ts";
import { createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { startServerProcess } from "../helpers/server.ts";

/** The seed command as `npm run db:seed` runs it once with-db.ts has set DATABASE_URL; NODE_ENV unset, as in a shell. */
function seedCommand(databaseUrl: string, nodeEnv?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: nodeEnv };
  if (!nodeEnv) delete env.NODE_ENV;
  const r = spawnSync(process.execPath, ["--import", "tsx", "server/cli/seed.ts"], { cwd: ROOT_DIR, env, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

const passwordIn = (stdout: string) =>
  stdout.match(
    /^Demo users \(password "([^"]+)"\): admin@demo\.test \(admin\), officer@demo\.test \(case_officer\), chidi@demo\.test, amina@demo\.test$/m,
  )?.[1];

async function signInStatus(app: TestApp["app"], password: string): Promise<number> {
  const client = await newClient(app);
  return (await client.post("/signin", { email: "chidi@demo.test", password })).status;
}

describe("demo seed on a development database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.drop());

  it("writes the demo accounts with a password printed once, new at every run", { timeout: 60_000 }, async () => {
    const first = seedCommand(t.url);
    expect(first.code, first.stderr).toBe(0);
    const password = passwordIn(first.stdout);
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(first.stdout.split(password ?? "").length - 1).toBe(1);
    expect(await signInStatus(t.app, password ?? "")).toBe(200);
    expect(await t.db("visa_applications").where("reference_number", "like", "VA-DEMO-%")).toHaveLength(5);
    // The demo admin turns two-factor on from the printed one-time set-up link, like any staff member.
    const enrol = first.stdout.match(/Two-factor set-up link for admin@demo\.test .*: \S+\/account\/two-factor\?enrol=(\S+)$/m)?.[1] ?? "";
    const admin = await t.db("users").where({ email: "admin@demo.test" }).first("id");
    expect((await findLiveToken(t.db, enrol, "staff_enrol"))?.userId).toBe(admin.id);
    // The demo case officer has cases of their own; the submitted ones wait unassigned.
    const officer = await t
      .db("users as u")
      .join("user_roles as r", "r.user_id", "u.id")
      .where("u.email", "officer@demo.test")
      .first("u.id", "r.role");
    expect(officer.role).toBe("case_officer");
    expect((await t.db("visa_applications").where({ assignee_id: officer.id })).length).toBeGreaterThan(0);
    expect(first.stdout).toMatch(/Two-factor set-up link for officer@demo\.test /);

    const second = seedCommand(t.url);
    expect(second.code, second.stderr).toBe(0);
    const next = passwordIn(second.stdout);
    expect(next).toBeDefined();
    expect(next).not.toBe(password);
    expect(await signInStatus(t.app, password ?? "")).toBe(401);
    expect(await signInStatus(t.app, next ?? "")).toBe(200);
  });

  it("refuses when its own NODE_ENV is production, before any production server has started", { timeout: 60_000 }, async () => {
    const fresh = await createTestApp();
    try {
      const refused = seedCommand(fresh.url, "production");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe("Seeding refused: NODE_ENV is production, and demo accounts are never written there.");
      expect(await fresh.db("users")).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});

describe("demo seed on a database a production server has started on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.drop());

  it("records every production start, and the seed then refuses, saying what to run for demo data, and writes nothing", {
    timeout: 120_000,
  }, async () => {
    expect(await t.db("production_starts")).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const server = await startServerProcess(t.url);
      await server.stop();
    }
    const [record] = await t.db("production_starts");
    expect(record.starts).toBe(2);
    expect(record.last_started_at.getTime()).toBeGreaterThan(record.first_started_at.getTime());

    const before = { users: await t.db("users").count({ n: "*" }), applications: await t.db("visa_applications").count({ n: "*" }) };
    const refused = seedCommand(t.url);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    // It says what to run for demo data instead.
    expect(refused.stderr).toBe(productionRefusal(record.first_started_at));
    expect(refused.stderr).toContain("DATA_DIR=.data-demo npm run dev, then in a second terminal DATA_DIR=.data-demo npm run db:seed");
    expect(await t.db("users").where("email", "like", "%@demo.test")).toEqual([]);
    expect({ users: await t.db("users").count({ n: "*" }), applications: await t.db("visa_applications").count({ n: "*" }) }).toEqual(before);
  });
});
