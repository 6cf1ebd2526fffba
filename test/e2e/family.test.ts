// A parent applies with two children on a 360 px phone: the trip typed once on the parent's application, each child
// added on the parent's account and given their own personal steps, the trip waiting on each child's travel step as
// "shared with the family group", and the group's page listing all three with their progress. Checked at both widths.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { daysFromToday } from "../helpers/dates.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let parent: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  parent = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
});

const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
const heading = (page: Page, text: string) => page.getByRole("heading", { name: text }).waitFor();

async function addChild(page: Page, name: string, born: string) {
  await page.getByRole("heading", { name: "Your family group" }).waitFor();
  await page.getByLabel("How are they related to you?").selectOption("child");
  await page.getByLabel("Full name, as in their passport").fill(name);
  await page.getByLabel("Date of birth").fill(born);
  await page.getByRole("button", { name: "Add to my group" }).click();
  await heading(page, "Step 2 of 8: Personal Details");
  await page.getByText("Family member added", { exact: true }).waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The child's own answers on steps 2 and 3, then on to the travel step, which already has the parent's trip. */
async function childSteps(page: Page, passport: string) {
  await page.getByText(/^Child in the family group of VA-2026-FAMLY1/).waitFor();
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Marital status").selectOption("single");
  await page.getByLabel("Nationality").fill("Nigerian");
  await next(page);
  await heading(page, "Step 3 of 8: Passport Details");
  await page.getByLabel("Passport number").fill(passport);
  await page.getByLabel("Issuing country").fill("Nigeria");
  await page.getByLabel("Issue date").fill(daysFromToday(-365));
  await page.getByLabel("Expiry date").fill(daysFromToday(4 * 365));
  await next(page);
  await heading(page, "Step 4 of 8: Contact Information");
  expect(await page.getByLabel("Residential address").inputValue()).toBe("5 Awolowo Road, Ikoyi, Lagos");
  await next(page);
  await heading(page, "Step 5 of 8: Travel Details");
  expect(await page.getByLabel("Destination country").inputValue()).toBe("United Kingdom");
  expect(await page.getByLabel("Purpose of travel").inputValue()).toBe("Easter holiday in London with the children");
  await page.getByText("Shared with the family group: change it only if theirs differs").first().waitFor();
}

describe.skipIf(!e2eEnabled)("a family applying together", () => {
  it("on a 360 px phone, types the trip once and fills each child's own steps", async () => {
    // The parent's draft, complete but for the trip (the travel step is next).
    const lead = await insertApplication(e2e, parent.id, {
      reference: "VA-2026-FAMLY1",
      status: "draft",
      step: 5,
      fields: { full_name: "Ngozi Eze", destination_country: null, arrival_date: null, departure_date: null, travel_purpose: null },
    });
    const { page, problems } = await signInAs(e2e, parent);
    await page.setViewportSize(PHONE);

    await page.goto(`${e2e.url}/visa-application/${lead}`);
    await heading(page, "Step 5 of 8: Travel Details");
    await page.getByLabel("Destination country").fill("United Kingdom");
    await page.getByLabel("Arrival date").fill(daysFromToday(120));
    await page.getByLabel("Departure date").fill(daysFromToday(134));
    await page.getByLabel("Purpose of travel").fill("Easter holiday in London with the children");
    await next(page);
    await heading(page, "Step 6 of 8: Visa-Specific Info");

    // From the application's page to the group's.
    await page.goto(`${e2e.url}/application/${lead}`);
    await page.getByText("Applying with your family?").waitFor();
    await page.getByRole("link", { name: "Add family members" }).click();
    await addChild(page, "Chiamaka Eze", "2016-03-02");
    await childSteps(page, "C11111111");
    await atBothWidths(page, "family-child-travel");
    await page.setViewportSize(PHONE);

    await page.getByRole("link", { name: "Your family group" }).click();
    await addChild(page, "Ifeoma Eze", "2019-08-15");
    await childSteps(page, "C22222222");

    await page.getByRole("link", { name: "Your family group" }).click();
    await page.getByRole("heading", { name: "Everyone in the group" }).waitFor();
    // Each draft with a box to tick for the group's submission, named by the person and their relation.
    for (const name of ["Ngozi Eze · Lead applicant (you)", "Chiamaka Eze · Child", "Ifeoma Eze · Child"]) {
      expect(await page.getByRole("checkbox", { name }).isChecked()).toBe(true);
    }
    await atBothWidths(page, "family-group");

    const children = await e2e.db("visa_applications").where({ group_lead_id: lead }).orderBy("created_at");
    expect(children.map((c) => [c.full_name, c.group_relation, c.destination_country, c.travel_purpose, c.passport_number])).toEqual([
      ["Chiamaka Eze", "child", "United Kingdom", "Easter holiday in London with the children", "C11111111"],
      ["Ifeoma Eze", "child", "United Kingdom", "Easter holiday in London with the children", "C22222222"],
    ]);
    const parentRow = await e2e.db("visa_applications").where({ id: lead }).first();
    for (const c of children) expect([c.arrival_date, c.departure_date]).toEqual([parentRow.arrival_date, parentRow.departure_date]);
    expect(problems).toEqual([]);
  });

  it("adds a member with the page's script off: a date in the future comes back beside its field, what was typed kept", async () => {
    const lead = await insertApplication(e2e, parent.id, { reference: "VA-2026-FAMLY2", status: "draft", fields: { full_name: "Ngozi Eze" } });
    const signedIn = await signInAs(e2e, parent);
    const cookies = await signedIn.context.cookies();
    await signedIn.context.close();
    const context = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${e2e.url}/application/${lead}/family`);
    await page.getByLabel("How are they related to you?").selectOption("parent");
    await page.getByLabel("Full name, as in their passport").fill("Grace Okafor");
    await page.getByLabel("Date of birth").fill("2999-01-01");
    await page.getByRole("button", { name: "Add to my group" }).click();
    await page.getByText("Enter their date of birth as a date in the past.").first().waitFor();
    expect(await page.getByLabel("Full name, as in their passport").inputValue()).toBe("Grace Okafor");
    expect(await page.getByLabel("How are they related to you?").inputValue()).toBe("parent");
    expect(await e2e.db("visa_applications").where({ group_lead_id: lead })).toHaveLength(0);
    await page.getByLabel("Date of birth").fill("1958-11-02");
    await page.getByRole("button", { name: "Add to my group" }).click();
    await page.getByRole("heading", { name: /^Step 2 of 8/ }).waitFor();
    expect(await e2e.db("visa_applications").where({ group_lead_id: lead }).first("full_name", "group_relation")).toEqual({
      full_name: "Grace Okafor",
      group_relation: "parent",
    });
    await context.close();
  });
});
