// A shared computer (a cyber café): answers the wizard kept in the tab are gone once the person signs out or deletes
// the account, so the next person at the keyboard sees nothing of them.
import { beforeAll, describe, expect, it } from "vitest";
import { e2eEnabled, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Ifeoma Obi" });
});

const keptKeys = () => Object.keys(window.sessionStorage).filter((k) => k.startsWith("hg.wizard."));
const hydrated = () => document.documentElement.dataset.hydrated === "true";

describe.skipIf(!e2eEnabled)("a shared computer", () => {
  it("forgets the wizard's unsaved answers at sign-out, and the server tells the browser to clear its storage", async () => {
    const [row] = await e2e
      .db("visa_applications")
      .insert({ user_id: applicant.id, reference_number: "VA-2026-CAFE01", status: "draft", current_step: 2, visa_type: "tourist" })
      .returning("id");
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/visa-application/${row.id}`);
    await page.waitForFunction(hydrated);
    await page.getByLabel("Nationality").fill("Nigerian and Ghanaian");
    // Typed and not saved: kept in the tab.
    await expect.poll(() => page.evaluate(keptKeys)).toHaveLength(1);
    const [signOut] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/signout") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Sign Out", exact: true }).click(),
    ]);
    expect((await signOut.allHeaders())["clear-site-data"]).toBe('"storage"');
    await page.waitForURL(`${e2e.url}/auth`);
    expect(await page.evaluate(keptKeys)).toEqual([]);

    // The same person signing in again on this tab is not offered the answers either: they are gone.
    await page.waitForFunction(hydrated);
    await page.getByLabel("Email").first().fill(applicant.email);
    await page.getByLabel("Password").first().fill(applicant.password);
    await page.getByRole("button", { name: "Sign In" }).first().click();
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
    await page.goto(`${e2e.url}/visa-application/${row.id}`);
    await page.waitForFunction(hydrated);
    expect(await page.getByRole("heading", { name: "You have answers that were not saved" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it("forgets them at the idle sign-out too, which no answer of the server comes with", async () => {
    const [row] = await e2e
      .db("visa_applications")
      .insert({ user_id: applicant.id, reference_number: "VA-2026-CAFE02", status: "draft", current_step: 2, visa_type: "tourist" })
      .returning("id");
    const { page, context } = await signInAs(e2e, applicant);
    // The page's own timers run on a clock the test moves.
    await page.clock.install();
    await page.goto(`${e2e.url}/visa-application/${row.id}`);
    await page.waitForFunction(hydrated);
    await page.getByLabel("Nationality").fill("Nigerian and Togolese");
    await expect.poll(() => page.evaluate(keptKeys)).toHaveLength(1);
    const idleMs = await page.evaluate(() => JSON.parse(document.getElementById("page-data")?.textContent ?? "{}").shared?.sessionIdleMs);
    expect(idleMs).toBeGreaterThan(0);
    // The server's session ends with the idle time, as the page's timer does.
    await e2e.db("user_sessions").whereRaw("sess #>> '{passport,user}' = ?", [applicant.id]).delete();
    await page.clock.runFor(idleMs + 2_000);
    await page.waitForURL(`${e2e.url}/auth`);
    expect(await page.evaluate(keptKeys)).toEqual([]);
    await context.close();
  }, 90_000);
});
