// SPEC §8 failure states in a real browser: the database stops, the page still shows its frame, the
// specification's toast and Retry; the database comes back and Retry shows the data.
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { buildIfStale } from "../../server/cli/build.ts";
import { ROOT_DIR } from "../../server/config.ts";
import { type EmbeddedHandle, startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { createKnex, migrateLatest, withDatabase } from "../../server/db/knex.ts";
import { browserTestsEnabled, giveSignInCode, launchBrowser } from "../helpers/browser.ts";
import { type RunningServer, SERVER_SESSION_SECRET, startServerProcess } from "../helpers/server.ts";
import { enrolTwoFactor } from "../helpers/twoFactor.ts";

const DIR = path.join(ROOT_DIR, ".data", "pg-failure-states");
const PORT = 56320;
const PASSWORD = "failure-password";
const enabled = browserTestsEnabled();
let cluster: EmbeddedHandle;
let server: RunningServer;
let staffSecret: string;

beforeAll(async () => {
  if (!enabled) return;
  await buildIfStale(() => {});
  cluster = await startEmbeddedPostgres({ dir: DIR, port: PORT, throwaway: true });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS "vs_failure_states" WITH (FORCE)');
  await admin.query('CREATE DATABASE "vs_failure_states"');
  await admin.end();
  const url = withDatabase(cluster.url, "vs_failure_states");
  const db = createKnex(url, 2);
  await migrateLatest(db);
  const hash = await hashPassword(PASSWORD);
  const [user] = await db("users").insert({ email: "staff@example.com", full_name: "Staff Member", password_hash: hash }).returning("id");
  await db("user_roles").insert({ user_id: user.id, role: "admin" });
  // Staff reach the admin panel only with two-factor sign-in on.
  staffSecret = await enrolTwoFactor(db, user.id, SERVER_SESSION_SECRET);
  await db("visa_applications").insert({ user_id: user.id, reference_number: "VA-2026-KEPT01", status: "submitted", visa_type: "work" });
  await db.destroy();
  server = await startServerProcess(url);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
});

describe.skipIf(!enabled)("failure states", () => {
  it("dashboard, admin list and analytics: frame, toast and Retry while the database is down; Retry shows the data once it is back", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/signin`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.getByLabel("Email").fill("staff@example.com");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await giveSignInCode(page, staffSecret);
      await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();

      const screens = [
        { path: "/dashboard", heading: "Your Visa Applications", toast: "Failed to load applications", data: "VA-2026-KEPT01" },
        // The list opens on the staff member's own cases; the unassigned submission is under All.
        { path: "/admin?tab=all", heading: "All Applications", toast: "Failed to load applications", data: "VA-2026-KEPT01" },
        { path: "/admin/analytics", heading: "Analytics", toast: "Failed to load analytics", data: "Total Applications" },
      ];
      for (const screen of screens) {
        await cluster.stop();
        const answer = await page.goto(`${server.url}${screen.path}`);
        expect(answer?.status()).toBe(503);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        await page.getByRole("heading", { name: screen.heading }).waitFor();
        await page.getByText(screen.toast, { exact: true }).waitFor();
        if (screen.path === "/dashboard") await page.getByText("Error", { exact: true }).waitFor();
        expect(await page.getByText(screen.data).count()).toBe(0);

        cluster = await startEmbeddedPostgres({ dir: DIR, port: PORT, throwaway: true });
        // The pool reconnects on its own; Retry fetches the page again in place.
        await expect
          .poll(
            async () => {
              const retry = page.getByRole("button", { name: "Retry" });
              if (await retry.isEnabled().catch(() => false)) await retry.click();
              await page.waitForTimeout(500);
              return page.getByText(screen.data).count();
            },
            { timeout: 20_000, interval: 200 },
          )
          .toBeGreaterThan(0);
        expect(page.url()).toBe(`${server.url}${screen.path}`);
      }
    } finally {
      await browser.close();
    }
  }, 400_000);
});
