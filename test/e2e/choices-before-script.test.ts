// Choices made before the page's script ran are kept once it hydrates, and are what gets saved: the review page's
// status with its note, the wizard's visa-type card, gender and marital status. A form that only its script can send
// cannot be sent earlier: pressed before hydration, the browser would submit it as a GET of the page, with a passport
// number or a message's text in the address (and in every log on the way). A button that acts through its onClick is
// disabled until then, so an early press is visibly refused rather than lost.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { answerConfirm } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const NOTE = "The trade fair invitation could not be verified.";
let applicant: TestUser;

const hydrated = () => document.documentElement.dataset.hydrated === "true";

/** Opens `path` with every script held back; the returned function lets them load and waits for the hydration. */
async function openHeld(page: Page, path: string): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${e2e.url}${path}`, { waitUntil: "commit" });
  return async () => {
    expect(await page.evaluate(hydrated)).toBe(false);
    release();
    await page.waitForFunction(hydrated);
  };
}

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Chinedu Okafor" });
});

describe.skipIf(!e2eEnabled)("choices made before the page's script ran", () => {
  it("staff: Rejected and its note, chosen and typed early, are what the application becomes", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-EARLY1", status: "submitted", step: 8, passportFiles: false });
    const staff = await signInAs(e2e, await makeStaff(e2e, { fullName: "Tunde Bello" }));
    const { page } = staff;
    const hydrate = await openHeld(page, `/admin/application/${id}`);
    await page.getByLabel("New status").selectOption("rejected");
    await page.locator("#status-note").fill(NOTE);
    await hydrate();
    expect(await page.getByLabel("New status").inputValue()).toBe("rejected");
    expect(await page.locator("#status-note").inputValue()).toBe(NOTE);
    const asked = answerConfirm(page);
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByText("Status updated successfully", { exact: true }).waitFor();
    expect(await asked).toBe("Reject VA-2026-EARLY1 and e-mail Adaeze Nwosu?");
    expect((await e2e.db("visa_applications").where({ id }).first()).status).toBe("rejected");
    const history = await e2e.db("application_status_history").where({ application_id: id });
    expect(history.map((h) => [h.status, h.notes])).toEqual([["rejected", NOTE]]);
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  }, 120_000);

  it("staff: a status chosen early in the list's inline select is asked about once hydrated, then saved", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-EARLY3", status: "submitted", step: 8, passportFiles: false });
    const staff = await signInAs(e2e, await makeStaff(e2e));
    const { page } = staff;
    const hydrate = await openHeld(page, "/admin?tab=all&q=EARLY3");
    await page.getByLabel("Status of VA-2026-EARLY3").selectOption("under_review");
    const asked = answerConfirm(page);
    await hydrate();
    expect(await asked).toBe("Move VA-2026-EARLY3 to Under Review and e-mail Adaeze Nwosu?");
    await page.getByText("Application status updated", { exact: true }).waitFor();
    expect(await page.getByLabel("Status of VA-2026-EARLY3").inputValue()).toBe("under_review");
    expect((await e2e.db("visa_applications").where({ id }).first()).status).toBe("under_review");
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  }, 120_000);

  it("wizard: the visa-type card, gender and marital status chosen early are kept and saved", async () => {
    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    let hydrate = await openHeld(page, "/visa-application/new");
    await page.getByText("Business Visa").click();
    await hydrate();
    expect(await page.getByRole("radio", { name: /Business Visa/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/\/visa-application\/[0-9a-f-]{36}$/);
    const created = page.url().split("/").pop();
    expect((await e2e.db("visa_applications").where({ id: created }).first()).visa_type).toBe("business");

    // Step 2 of a saved draft (female, married in the factory's answers), freshly loaded.
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-EARLY2", status: "draft", step: 2, passportFiles: false });
    await page.unrouteAll();
    hydrate = await openHeld(page, `/visa-application/${id}`);
    await page.getByLabel("Gender").selectOption("male");
    await page.getByLabel("Marital status").selectOption("single");
    await hydrate();
    expect(await page.getByLabel("Gender").inputValue()).toBe("male");
    await page.getByRole("button", { name: "Save Progress" }).click();
    await page.getByText("Progress saved successfully", { exact: true }).waitFor();
    expect(await e2e.db("visa_applications").where({ id }).first("gender", "marital_status")).toEqual({ gender: "male", marital_status: "single" });
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 120_000);

  it("a form only the script sends waits for it: a passport number or a message pressed early stays out of the address", async () => {
    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    const draft = await insertApplication(e2e, applicant.id, { reference: "VA-2026-EARLY4", status: "draft", step: 3, passportFiles: false });
    let hydrate = await openHeld(page, `/visa-application/${draft}`);
    await page.getByLabel("Passport number").fill("A09876543");
    // Enter in a field submits a form through its first submit button, unless that button is disabled.
    await page.getByLabel("Passport number").press("Enter");
    await page.getByRole("button", { name: "Next" }).click({ force: true });
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await hydrate();
    expect(page.url()).toBe(`${e2e.url}/visa-application/${draft}`);
    expect(await page.getByLabel("Passport number").inputValue()).toBe("A09876543");

    const submitted = await insertApplication(e2e, applicant.id, { reference: "VA-2026-EARLY5", status: "submitted", passportFiles: false });
    await page.unrouteAll();
    hydrate = await openHeld(page, `/application/${submitted}`);
    await page.getByLabel("Your message").fill("My new passport arrives on Monday.");
    await page.getByRole("button", { name: "Send message" }).click({ force: true });
    expect(await page.getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
    await hydrate();
    expect(page.url()).toBe(`${e2e.url}/application/${submitted}`);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Message sent", { exact: true }).waitFor();
    expect((await e2e.db("application_messages").where({ application_id: submitted })).map((m) => m.body)).toEqual([
      "My new passport arrives on Monday.",
    ]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 120_000);

  it("a button that acts through its onClick is disabled before hydration, and works once the page is hydrated", async () => {
    const [lead] = await e2e.db("leads").insert({ email: "early.lead@example.com", name: "Early Lead", source: "contact_form" }).returning("id");
    const staffUser = await makeStaff(e2e, { fullName: "Kemi Adebayo" });
    const staff = await signInAs(e2e, staffUser);
    const { page } = staff;
    const hydrate = await openHeld(page, `/admin/leads/${lead.id}`);
    const take = page.getByRole("button", { name: "Take it" });
    expect(await take.isDisabled()).toBe(true);
    await take.click({ force: true });
    await hydrate();
    expect((await e2e.db("leads").where({ id: lead.id }).first()).owner_id).toBeNull();
    expect(await take.isEnabled()).toBe(true);
    await take.click();
    await page.getByText("You own this lead", { exact: true }).waitFor();
    expect((await e2e.db("leads").where({ id: lead.id }).first()).owner_id).toBe(staffUser.id);
    expect(staff.problems).toEqual([]);
    await staff.context.close();
  }, 120_000);
  it("wizard: the passport files shown by the server stay put while their own code is still coming", async () => {
    const person = await makeUser(e2e.db, { fullName: "Ifeoma Eze" });
    const owner = await signInAs(e2e, person);
    const { page } = owner;
    const id = await insertApplication(e2e, person.id, { reference: "VA-2026-EARLY6", status: "draft", step: 3 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The part's chunk comes only once the rest of the page has hydrated (Save Progress turns on then).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/PassportUploads-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.url}/visa-application/${id}`);
    const scan = await page.locator("label", { hasText: "Passport scan" }).elementHandle();
    await page.waitForFunction(() => {
      const save = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Save Progress"));
      return save !== undefined && !save.disabled;
    });
    // The page's own re-render after hydration did not replace the part, still waiting for its code, by nothing.
    expect(await scan?.evaluate((el) => el.isConnected)).toBe(true);
    release();
    await page.waitForFunction(hydrated);
    expect(await scan?.evaluate((el) => el.isConnected)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 120_000);
});
