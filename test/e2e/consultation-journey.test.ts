// A consultation from the first visit to an application, on a 360 px phone: a visitor books a free consultation on
// /book → the e-mail carries the invite (METHOD:REQUEST, a UID) → the reschedule link moves it → the new invite keeps
// the UID with a higher SEQUENCE → staff see it in the agenda at the new time, mark it held and invite the person →
// the person signs up from the invitation (prefilled) and applies → the lead's history shows each stage. Axe on every
// screen a person of the office or the public sees here; no console error.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { answerConfirm, openPage } from "../helpers/browser.ts";
import { makeConsultationType, readInvite, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs, storePassportFiles } from "../helpers/e2e.ts";
import { completeDraft, type TestUser } from "../helpers/factories.ts";
import { type Received, startSmtp } from "../helpers/smtp.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

const PHONE = { width: 360, height: 740 };
const NAME = "Amaka Obi";
const EMAIL = "amaka.obi@example.com";
let staff: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Funke Adebayo" });
  await takesConsultations(e2e.db, staff.id);
  await makeConsultationType(e2e.db, { name: "Free visa consultation" });
}, 120_000);

/** E-mails link to the server's public address (localhost); the browser uses the address the test started. */
const onServer = (link: string) => link.replace(/^http:\/\/localhost:\d+/, e2e.url);
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** Axe finds nothing serious and the page is no wider than the phone. */
async function checked(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

/** The one message to the visitor whose subject starts so, and its calendar invite read back. */
async function visitorMail(subject: string): Promise<{ mail: Received; invite: ReturnType<typeof readInvite> }> {
  const [mail] = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.startsWith(subject), 1, 30_000);
  const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  if (!ics) throw new Error(`no calendar invite in "${mail.subject}"`);
  return { mail, invite: readInvite(ics.content) };
}

/** The first free time of the `nth` day offered on a /book or reschedule page. */
async function chooseTime(page: Page, nth: number): Promise<void> {
  await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(nth).click();
  await page
    .getByRole("group", { name: /^Time on / })
    .getByRole("radio")
    .first()
    .check();
}

describe.skipIf(!e2eEnabled)("a consultation from booking to application", () => {
  it("books, moves, is held, invites, signs up and applies; the lead shows each stage", async () => {
    // The visitor, signed out, books on /book.
    const visitor = await openPage(e2e.browser, PHONE);
    const { page } = visitor;
    await page.goto(`${e2e.url}/book`);
    await checked(page);
    await page.getByRole("link", { name: /Free visa consultation/ }).click();
    await chooseTime(page, 1);
    await page.getByLabel("Full name").fill(NAME);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Phone").fill("0803 555 9876");
    await page.getByLabel("Destination country").fill("United Kingdom");
    await page.getByLabel("Visa type").selectOption("tourist");
    await page.getByRole("button", { name: "Book this time" }).click();
    await page.getByRole("heading", { name: "Consultation booked" }).waitFor();
    await checked(page);

    const booked = await visitorMail("Consultation booked");
    expect(booked.invite).toMatchObject({ method: "REQUEST", status: "CONFIRMED" });
    const row = await e2e.db("bookings").where({ email: EMAIL }).first();
    expect(booked.invite.uid).toBe(row.uid);
    expect(booked.invite.start).toBe(new Date(row.starts_at).toISOString());

    // The reschedule link from the e-mail moves it to another day.
    const reschedule = booked.mail.links.find((l) => l.includes("/book/reschedule/"));
    expect(reschedule).toBeTruthy();
    await page.goto(onServer(reschedule ?? ""));
    await page.getByRole("heading", { name: "Move your consultation" }).waitFor();
    await chooseTime(page, 2);
    await checked(page);
    await page.getByRole("button", { name: "Move to this time" }).click();
    await page.getByText("Your consultation has moved.", { exact: false }).waitFor();

    const moved = await visitorMail("Consultation moved");
    expect(moved.invite.method).toBe("REQUEST");
    expect(moved.invite.uid).toBe(booked.invite.uid);
    expect(moved.invite.sequence).toBeGreaterThan(booked.invite.sequence);
    expect(moved.invite.start).not.toBe(booked.invite.start);

    // Staff see it in this week's agenda at the new time.
    const admin = await signInAs(e2e, staff);
    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(`${e2e.url}/admin/agenda?range=week&staff=${staff.id}`);
    const entry = admin.page.getByRole("listitem").filter({ hasText: NAME });
    await entry.locator(`time[datetime="${moved.invite.start}"]`).waitFor();

    // The meeting takes place: its time is moved to the last half hour, as the clock would have.
    await e2e
      .db("bookings")
      .where({ id: row.id })
      .update({
        starts_at: e2e.db.raw("now() - interval '20 minutes'"),
        ends_at: e2e.db.raw("now() + interval '10 minutes'"),
        blocked_until: e2e.db.raw("now() + interval '10 minutes'"),
      });
    const held = await e2e.db("bookings").where({ id: row.id }).first("starts_at");
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(held.starts_at);
    await admin.page.goto(`${e2e.url}/admin/agenda?range=day&from=${day}`);
    await hydrated(admin.page);
    await entry.getByLabel("Note").fill("Wants a UK visitor visa in March.");
    await entry.getByRole("button", { name: "Mark held" }).click();
    await admin.page.getByText("Marked held", { exact: true }).waitFor();
    await entry.getByText("Held", { exact: true }).waitFor();
    await entry.getByRole("button", { name: "Invite to create an account" }).click();
    await admin.page.getByText("Invitation sent", { exact: true }).waitFor();
    expect(admin.page.url()).toBe(`${e2e.url}/admin/agenda?range=day&from=${day}`);
    await checked(admin.page);
    await admin.page.screenshot({ path: "/tmp/consultation-journey-agenda.png", fullPage: true });

    // The visitor opens the invitation, signs up with the details filled in, and applies.
    const [invitation] = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject === "Start your visa application with Horizon Gate", 1, 30_000);
    const signup = invitation.links.find((l) => l.includes("/signup?"));
    expect(signup).toBeTruthy();
    await page.goto(onServer(signup ?? ""));
    await page.getByRole("heading", { name: "Start Your Journey" }).waitFor();
    await hydrated(page);
    expect(await page.getByLabel("Full Name").inputValue()).toBe(NAME);
    expect(await page.getByLabel("Email").inputValue()).toBe(EMAIL);
    await page.getByLabel("Password").fill("amaka-secret-9");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByRole("link", { name: "New Application" }).click();
    await page.getByRole("heading", { name: "Step 1 of 8: Visa Type" }).waitFor();
    await page.getByText("Tourist Visa").click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 8: Personal Details" }).waitFor();
    await page.waitForURL(/\/visa-application\/[0-9a-f-]{36}$/);
    const applicationId = page.url().split("/").pop() ?? "";
    // The wizard's steps are walked in portal.test.ts; here the answers and passport files go in directly.
    const draft = await e2e.db("visa_applications").where({ id: applicationId }).first("user_id");
    const { visa_specific_data, ...answers } = completeDraft({ full_name: NAME, email: EMAIL });
    await e2e
      .db("visa_applications")
      .where({ id: applicationId })
      .update({ ...answers, ...storePassportFiles(e2e, draft.user_id), visa_specific_data: JSON.stringify(visa_specific_data), current_step: 8 });
    await page.goto(`${e2e.url}/visa-application/${applicationId}/review`);
    await page.getByRole("heading", { name: "Review Your Application" }).waitFor();
    await hydrated(page);
    // Submitting asks once, naming the application: a submitted one cannot be edited.
    const submitAsked = answerConfirm(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitAsked).toMatch(/^Submit VA-.+ now\? You cannot edit it afterwards\.$/);
    await page.waitForURL(`${e2e.url}/application/${applicationId}/submitted`);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // Staff open the lead from the agenda: its history has each stage, in order.
    await admin.page.reload();
    await entry.getByRole("link", { name: `Lead history of ${NAME}` }).click();
    await admin.page.getByRole("heading", { name: NAME }).waitFor();
    await hydrated(admin.page);
    const history = admin.page.getByRole("list", { name: "History" });
    await history.getByText("Application submitted (now Applied)").waitFor();
    const steps = (await history.getByRole("listitem").allTextContents()).join("\n");
    const order = [
      "Moved to New",
      "Consultation booked (now Consultation booked)",
      "Consultation held (now Consultation held)",
      "Account created",
      "Application submitted (now Applied)",
    ].map((text) => steps.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await e2e.db("leads").where({ email: EMAIL }).first("stage", "source")).toEqual({ stage: "applied", source: "booking_page" });
    await checked(admin.page);
    await admin.page.screenshot({ path: "/tmp/consultation-journey-lead.png", fullPage: true });
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  }, 120_000);
});
