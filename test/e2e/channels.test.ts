// WhatsApp and SMS in the browser: on a phone (360 px) a visitor ticks WhatsApp on the sign-up form (the mobile number
// appears once a box is ticked, with script or without) and the account starts with that consent; a visitor ticks
// WhatsApp reminders when booking a consultation; a client chooses WhatsApp on My account (a number that cannot
// be one is refused beside the field, and nothing is kept), then with a real number it is saved and shown as chosen;
// at 1280 px staff read the client's channels on the case page and a message that came by WhatsApp marked so, and
// reach the WhatsApp inbox from the navigation. Every screen fits, with no serious accessibility violation.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, seriousViolations } from "../helpers/axe.ts";
import { openPage, type WatchedPage } from "../helpers/browser.ts";
import { makeConsultant, makeConsultationType } from "../helpers/consultations.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let client: TestUser;
let staff: TestUser;
let applicationId: string;

beforeAll(async () => {
  if (!e2eEnabled) return;
  client = await makeUser(e2e.db, { fullName: "Adaeze Okafor", email: "adaeze.okafor@example.com" });
  staff = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
  applicationId = await insertApplication(e2e, client.id, {
    reference: "VA-2026-WHATS1",
    status: "submitted",
    fields: { full_name: "Adaeze Okafor" },
  });
}, 120_000);

/** Axe, the page's width, and a picture when SCREENSHOT_DIR is set. */
async function looksRight({ page }: WatchedPage, name: string, size: { width: number; height: number }) {
  expect(await seriousViolations(page), `${name} at ${size.width} px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size.width} px`).toBeLessThanOrEqual(size.width);
  if (process.env.SCREENSHOT_DIR) {
    mkdirSync(process.env.SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
}

describe.skipIf(!e2eEnabled)("WhatsApp and SMS updates in the browser", () => {
  it("at 360 px a visitor ticks WhatsApp at sign-up: the number appears, and the new account has the consent", async () => {
    // Without script the number still appears with a ticked box (the plain form post is the fallback).
    const plain = await openPage(e2e.browser, { ...PHONE, javaScriptEnabled: false });
    await plain.page.goto(`${e2e.url}/signup`);
    expect(await plain.page.getByLabel("Mobile number").isVisible()).toBe(false);
    await plain.page.getByLabel(/^Send me updates by SMS from Horizon Gate/).check();
    expect(await plain.page.getByLabel("Mobile number").isVisible()).toBe(true);
    await plain.context.close();

    const tab = await openPage(e2e.browser, PHONE);
    const { page } = tab;
    await page.goto(`${e2e.url}/signup`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const whatsapp = page.getByLabel(/^Send me updates on WhatsApp from Horizon Gate/);
    expect(await whatsapp.isChecked()).toBe(false);
    expect(await page.getByLabel(/^Send me updates by SMS/).isChecked()).toBe(false);
    expect(await page.getByLabel("Mobile number").isVisible()).toBe(false);
    await page.getByLabel("Full Name").fill("Chiamaka Obi");
    await page.getByLabel("Email").fill("chiamaka.obi@example.com");
    await page.getByLabel("Password").fill("Harmattan-mango-42");
    await whatsapp.check();
    await page.getByLabel("Mobile number").fill("0803 555 0150");
    await looksRight(tab, "signup-channels", PHONE);
    await page.setViewportSize(DESKTOP);
    await looksRight(tab, "signup-channels", DESKTOP);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    const user = await e2e.db("users").where({ email: "chiamaka.obi@example.com" }).first("id");
    const rows = await e2e.db("channel_consents").where({ user_id: user.id });
    expect(rows).toEqual([expect.objectContaining({ channel: "whatsapp", opted_in: true, phone: "+2348035550150", source: "signup" })]);
    expect(rows[0].words).toMatch(/^Send me updates on WhatsApp from Horizon Gate/);
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it("a visitor ticks WhatsApp reminders on the booking form, and the booking keeps the choice with its number", async () => {
    await makeConsultant(e2e.db);
    const typeId = await makeConsultationType(e2e.db, { name: "Reminder check" });
    const tab = await openPage(e2e.browser, DESKTOP);
    const { page } = tab;
    await page.goto(`${e2e.url}/book?type=${typeId}`);
    await page.locator('a[href*="day="]').first().click();
    await page.locator('input[name="slot"]').first().check();
    await page.getByLabel("Full name").fill("Emeka Nwankwo");
    await page.getByLabel("E-mail").fill("emeka.nwankwo@example.com");
    await page.getByLabel("Phone").fill("0803 555 0151");
    await page.getByLabel("Destination country").fill("Canada");
    await page.getByLabel("Visa type").selectOption("study");
    const whatsapp = page.getByLabel(/^Send me reminders of this consultation, and updates about my applications, on WhatsApp from Horizon Gate/);
    expect(await whatsapp.isChecked()).toBe(false);
    await whatsapp.check();
    await looksRight(tab, "book-channels", DESKTOP);
    await page.setViewportSize(PHONE);
    await looksRight(tab, "book-channels", PHONE);
    await page.getByRole("button", { name: "Book this time" }).click();
    await page.getByRole("heading", { name: "Consultation booked" }).waitFor();
    const booking = await e2e.db("bookings").where({ email: "emeka.nwankwo@example.com" }).first("id");
    const kept = await e2e.db("booking_consents").where({ booking_id: booking.id });
    expect(kept).toEqual([expect.objectContaining({ channel: "whatsapp", phone: "+2348035550151", carried_at: null })]);
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it("at 360 px a client chooses WhatsApp on My account: a wrong number is refused beside the field, a right one is kept", async () => {
    const tab = await signInAs(e2e, client);
    const { page } = tab;
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/account`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const section = page.getByRole("region", { name: "Updates on WhatsApp and SMS" });
    await section.getByLabel("Mobile number").fill("0803 11");
    await section.getByLabel(/^Send me updates on WhatsApp from Horizon Gate/).check();
    await section.getByRole("button", { name: "Save choices" }).click();
    await expect.poll(() => section.getByText("Enter a mobile number we can reach").isVisible()).toBe(true);
    expect(await e2e.db("channel_consents").where({ user_id: client.id })).toEqual([]);
    await looksRight(tab, "account-channels-refused", PHONE);

    await section.getByLabel("Mobile number").fill("0803 111 2299");
    await section.getByRole("button", { name: "Save choices" }).click();
    await expect.poll(() => section.getByText("Chosen on").isVisible()).toBe(true);
    await expect.poll(() => section.getByText(/for \+2348031112299\./).isVisible()).toBe(true);
    expect(await section.getByLabel(/^Send me updates on WhatsApp/).isChecked()).toBe(true);
    expect(await section.getByLabel(/^Send me updates by SMS/).isChecked()).toBe(false);
    const rows = await e2e.db("channel_consents").where({ user_id: client.id });
    expect(rows).toEqual([expect.objectContaining({ channel: "whatsapp", opted_in: true, phone: "+2348031112299", source: "account" })]);
    await looksRight(tab, "account-channels", PHONE);
    // Only the refused save's own 400 reached the console.
    expect(tab.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await tab.context.close();
  });

  it("at 1280 px staff see the client's channels on the case page, a WhatsApp reply marked so, and the inbox in the navigation", async () => {
    await e2e.db("application_messages").insert({
      application_id: applicationId,
      author_id: client.id,
      author_role: "applicant",
      body: "I have sent the bank statement.",
      channel: "whatsapp",
    });
    await e2e
      .db("whatsapp_inbound")
      .insert({ wamid: "wamid.e2e-inbox-1", from_phone: "+447911123456", kind: "text", body: "Do you do UK visas?", outcome: "inbox" });
    const tab = await signInAs(e2e, staff);
    const { page } = tab;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.url}/admin/application/${applicationId}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect
      .poll(() =>
        page.getByText(/Updates to the client besides e-mail: WhatsApp at \+2348031112299 since \d+ \w+ \d{4}; SMS not chosen\./).isVisible(),
      )
      .toBe(true);
    const message = page
      .getByRole("list", { name: "Messages, oldest first" })
      .getByRole("listitem")
      .filter({ hasText: "I have sent the bank statement." });
    expect(await message.getByText("via WhatsApp").isVisible()).toBe(true);
    await looksRight(tab, "case-channels", DESKTOP);

    await page.getByRole("navigation").getByRole("link", { name: "WhatsApp" }).click();
    await page.getByRole("heading", { name: "WhatsApp inbox" }).waitFor();
    expect(await page.getByText("Do you do UK visas?").isVisible()).toBe(true);
    await looksRight(tab, "whatsapp-inbox", DESKTOP);
    await page.setViewportSize(PHONE);
    await looksRight(tab, "whatsapp-inbox", PHONE);
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});
