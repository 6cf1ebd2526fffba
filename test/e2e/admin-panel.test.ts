// The admin panel as staff meet it every day: the applications table and a case within a 1280 px screen, and one
// navigation to every staff page the role may open (and nothing of an applicant's), at 1280 and 360 px.
import type { Knex } from "knex";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { routes } from "../../server/routes.ts";
import { atBothWidths, DESKTOP, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";
import { SERVER_SESSION_SECRET } from "../helpers/server.ts";

const e2e = setupE2E();

/** The staff pages a role may open with no id in the address: every such page the route table has. */
function staffPages(manager: boolean): string[] {
  return routes
    .filter((r) => r.method === "get" && !r.api && (r.access === "staff" || (manager && r.access === "manager")))
    .map((r) => r.path)
    .filter((path) => !path.includes(":") && !/\.\w+$/.test(path))
    .sort();
}

/** Settings is one place in the navigation: its first page links to the others (payments, visa centres). */
const SETTINGS = "/admin/settings/";
const SETTINGS_LANDING = "/admin/settings/payments";
/** The Agenda is one place too: it links to the visa-centre appointments and the passports and visas expiring. */
const AGENDA = "/admin/agenda";
const AGENDA_PAGES = ["/admin/appointments", "/admin/expiring", "/admin/late-at-embassy"];
const navPages = (manager: boolean) =>
  staffPages(manager).filter((path) => (!path.startsWith(SETTINGS) || path === SETTINGS_LANDING) && !AGENDA_PAGES.includes(path));

/** An applicant's own pages (their dashboard, checklists, applications, payments): the signed-in pages that are not staff's or the account's. */
const applicantPages = routes
  .filter((r) => r.method === "get" && !r.api && r.access === "user" && !r.path.startsWith("/account") && !r.path.startsWith("/files/"))
  .map((r) => new RegExp(`^${r.path.replace(/:\w+/g, "[^/]+")}$`));

const hrefsIn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

describe.skipIf(!e2eEnabled)("the admin panel's navigation", () => {
  for (const role of ["manager", "case officer"] as const) {
    it(`links a ${role} to every staff page they may open, and to no applicant page`, { timeout: 120_000 }, async () => {
      const manager = role === "manager";
      const user = manager
        ? await makeStaff(e2e, { fullName: "Ngozi Manager" })
        : await makeUser(e2e.db, { officer: true, fullName: "Emeka Officer", sessionSecret: SERVER_SESSION_SECRET });
      const { page, problems, context } = await signInAs(e2e, user);
      await page.setViewportSize(DESKTOP);
      await page.goto(`${e2e.url}/admin`);
      const nav = page.getByRole("navigation", { name: "Admin" });
      await nav.waitFor();
      const expected = navPages(manager);
      // The row of links shown from 1280 px, and the menu of a narrow screen, each reach every page once (Settings
      // by its first page, which links to the rest of the settings).
      const row = await hrefsIn(page, "nav[aria-label=Admin] > ul a");
      const menu = await hrefsIn(page, "nav[aria-label=Admin] details a");
      expect([...row].sort()).toEqual(expected);
      expect([...menu].sort()).toEqual(expected);
      if (manager) {
        await page.goto(`${e2e.url}${SETTINGS_LANDING}`);
        const settings = staffPages(true).filter((path) => path.startsWith(SETTINGS) && path !== SETTINGS_LANDING);
        expect(settings.length).toBeGreaterThan(0);
        const linked = await hrefsIn(page, "main a[href]");
        for (const path of settings) expect(linked, `${path} linked from ${SETTINGS_LANDING}`).toContain(path);
      }

      await page.goto(`${e2e.url}${AGENDA}`);
      const fromAgenda = await hrefsIn(page, "main a[href]");
      for (const path of AGENDA_PAGES) expect(fromAgenda, `${path} linked from ${AGENDA}`).toContain(path);

      for (const path of staffPages(manager)) {
        await page.goto(`${e2e.url}${path}`);
        await page.waitForURL(`${e2e.url}${path}`);
        await nav.waitFor();
        expect(await nav.locator(":scope > ul a[aria-current=page]").count(), path).toBe(1);
        const links = await hrefsIn(page, "a[href]");
        expect(
          links.filter((href) => applicantPages.some((re) => re.test(href))),
          `applicant pages linked from ${path}`,
        ).toEqual([]);
        expect(await page.getByRole("link", { name: "Admin Panel" }).count(), path).toBe(0);
        expect(await page.getByRole("link", { name: "My dashboard" }).count(), path).toBe(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("is a menu on a phone, opened and closed from the keyboard, and its links open the pages", async () => {
    const user = await makeStaff(e2e, { fullName: "Aisha Phone" });
    const { page, problems, context } = await signInAs(e2e, user);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/admin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const enquiries = nav.getByRole("link", { name: "Enquiries" });
    expect(await enquiries.isVisible()).toBe(false);
    const summary = nav.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await enquiries.waitFor();
    await page.keyboard.press("Escape");
    await enquiries.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    await page.keyboard.press("Enter");
    await enquiries.click();
    await page.waitForURL(`${e2e.url}/admin/enquiries`);
    await nav.getByText("Menu: Enquiries").waitFor();
    expect(await enquiries.isVisible(), "the menu closes once a page is chosen").toBe(false);
    await atBothWidths(page, "admin-navigation");
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The document's width beyond the screen, in px (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!e2eEnabled)("the applications table at 1280 px", () => {
  it("fits its box with the SPEC's columns, and a case opens from its reference; the case fits at 1280 and 360 px", {
    timeout: 120_000,
  }, async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Oluwaseun Adebayo-Williams", email: "oluwaseun.adebayo-williams.family@example.com" });
    const fields = { full_name: "Oluwaseun Babatunde Adebayo-Williams", email: "oluwaseun.adebayo-williams.family@example.com" };
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-WIDE01", status: "submitted", fields });
    await insertApplication(e2e, applicant.id, {
      reference: "VA-2026-WIDE02",
      status: "under_review",
      fields: { ...fields, destination_country: "United Kingdom" },
    });
    const manager = await makeStaff(e2e, { fullName: "Adaeze Okonkwo-Nwosu" });
    // What a busy case carries: e-mails sent to a long address, and a note with a long unbroken link.
    await e2e.db("email_messages").insert({
      kind: "status_changed",
      to_address: fields.email,
      subject: "Your application VA-2026-WIDE01 is now under review by our visa processing team",
      application_id: id,
      status: "sent",
      sent_at: new Date(),
    });
    await e2e.db("admin_notes").insert({
      application_id: id,
      admin_id: manager.id,
      note: "Embassy portal: https://visa-appointments.example.gov.uk/applications/track?reference=GWF0123456789012345&lang=en-GB",
    });
    await e2e.db("visa_applications").where({ reference_number: "VA-2026-WIDE02" }).update({ assignee_id: manager.id });
    const { page, problems, context } = await signInAs(e2e, manager);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin?tab=all`);
    const table = page.getByTestId("applications-table");
    await table.getByRole("row").filter({ hasText: "VA-2026-WIDE01" }).waitFor();
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers).toEqual(expect.arrayContaining(["Reference", "Applicant", "Visa Type", "Destination", "Status", "Submitted", "Actions"]));
    const box = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll, "the table's width within its box").toBeLessThanOrEqual(box.client);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Every row's link to its case shows without scrolling.
    for (const link of await table.getByRole("link").all()) {
      const r = await link.boundingBox();
      expect(r && r.x + r.width, (await link.textContent()) ?? "").toBeLessThanOrEqual(DESKTOP.width);
    }
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-table-1280.png`, fullPage: true });

    await table.getByRole("link", { name: "VA-2026-WIDE01", exact: true }).click();
    await page.waitForURL(`${e2e.url}/admin/application/${id}`);
    await page.getByRole("heading", { name: "Application VA-2026-WIDE01" }).waitFor();
    await atBothWidths(page, "admin-case");
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      expect(await overflow(page), `the case at ${size.width} px`).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!e2eEnabled)("a manager's landing tab", () => {
  it("opens where the work is when nothing is assigned to them (the dashboard after sign-in says what waits), with each tab's count, and an empty tab says what is elsewhere", async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Bisi Waiting" });
    for (const reference of ["VA-2026-LAND01", "VA-2026-LAND02"]) await insertApplication(e2e, applicant.id, { reference, status: "submitted" });
    const manager = await makeStaff(e2e, { fullName: "Kunle Landing" });
    // What the tabs hold, counted on the applications themselves (the page reads trigger-kept counts).
    const count = async (qb: Knex.QueryBuilder) => Number(((await qb.count({ n: "*" })) as { n: string }[])[0].n);
    const unassigned = await count(e2e.db("visa_applications").whereNull("assignee_id").whereNot("status", "draft"));
    const all = await count(e2e.db("visa_applications"));
    expect(unassigned).toBeGreaterThanOrEqual(2);

    const { page, problems, context } = await signInAs(e2e, manager);
    // Signing in leads to the dashboard (SPEC); for staff it says what waits in the panel and opens it.
    const desk = page.getByRole("region", { name: "Your work as staff" });
    expect(await desk.getByText(`0 cases assigned to you · ${unassigned} cases unassigned`).count()).toBe(1);
    await atBothWidths(page, "staff-dashboard");
    await page.setViewportSize(DESKTOP);
    await desk.getByRole("link", { name: "Go to the cases" }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    await page.goto(`${e2e.url}/admin`);
    await page.getByRole("heading", { name: "Unassigned Cases" }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Cases" });
    expect(await tabs.getByRole("link").allTextContents()).toEqual(["Mine0 cases", `Unassigned${unassigned} cases`, `All${all} cases`]);
    expect(await tabs.locator("a[aria-current=page]").textContent()).toContain("Unassigned");
    await page.getByRole("row").filter({ hasText: "VA-2026-LAND01" }).waitFor();

    await tabs.getByRole("link", { name: /^Mine/ }).click();
    await page.waitForURL(`${e2e.url}/admin?tab=mine`);
    await page.getByRole("heading", { name: "My Cases" }).waitFor();
    const sentence = page.getByTestId("applications-table").getByRole("cell");
    await expect.poll(() => sentence.textContent()).toBe(`Nothing assigned to you — ${unassigned} unassigned, ${all} in all.`);
    await sentence.getByRole("link", { name: `${unassigned} unassigned` }).click();
    await page.waitForURL(`${e2e.url}/admin`);
    await page.getByRole("heading", { name: "Unassigned Cases" }).waitFor();

    // On a phone the same sentence stands in for the cards.
    await page.goto(`${e2e.url}/admin?tab=mine`);
    await page.setViewportSize(PHONE);
    await page
      .locator("main p")
      .filter({ hasText: `Nothing assigned to you — ${unassigned} unassigned, ${all} in all.` })
      .waitFor();
    await atBothWidths(page, "admin-empty-mine");
    expect(problems).toEqual([]);
    await context.close();
  });
});
