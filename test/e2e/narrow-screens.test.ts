// A 360 px phone: no page is wider than the screen, the WhatsApp button (in the header) and the toasts keep clear of
// what a person taps, the 404 page has the site's frame, times do not wrap; and each screen says what comes next.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay, lagosInstant } from "../../server/domain/calendar.ts";
import { issueBookingToken } from "../../server/models/bookings.ts";
import { answerConfirm, openPage, type WatchedPage } from "../helpers/browser.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";

// Bank transfer on too, so the payment page shows every card an applicant can meet without a Paystack account.
const e2e = setupE2E({
  PAYMENT_PROVIDERS: "demo,bank_transfer",
  BANK_ACCOUNT_NAME: "Horizon Gate Travel & Visa Consultants Ltd",
  BANK_ACCOUNT_NUMBER: "0123456789",
  BANK_NAME: "Guaranty Trust Bank",
});
const PHONE = { width: 360, height: 740 };
const fixtureDir = mkdtempSync(path.join(tmpdir(), "vs-narrow-"));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

let applicant: TestUser;
let staff: TestUser;
/** Applications of `applicant`: a draft at step 3, a complete draft at step 8, a submitted one and a paid one. */
const ids = { draft: "", ready: "", submitted: "", paid: "" };
let enquiryId = "";
let leadId = "";
/** The booking pages: a type's days, a day's times, and a booking's reschedule and cancel links. */
const booking = { type: "", day: "", reschedule: "", cancel: "", paid: "" };

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Amaka Obi" });
  staff = await makeStaff(e2e, { fullName: "Tunde Bello" });
  ids.draft = await insertApplication(e2e, applicant.id, { reference: "VA-2026-NARROW1", status: "draft", step: 3, passportFiles: false });
  ids.ready = await insertApplication(e2e, applicant.id, { reference: "VA-2026-NARROW2", status: "draft", step: 8 });
  ids.submitted = await insertApplication(e2e, applicant.id, { reference: "VA-2026-NARROW3", status: "submitted" });
  ids.paid = await insertApplication(e2e, applicant.id, { reference: "VA-2026-NARROW4", status: "submitted" });
  [{ id: enquiryId }] = await e2e
    .db("enquiries")
    .insert({ name: "Kemi Adewale", email: "kemi.adewale.long.address@example.com", phone: "+2348031112233", message: "I want to study in Canada." })
    .returning("id");
  [{ id: leadId }] = await e2e
    .db("leads")
    .insert({ name: "Kemi Adewale", email: "kemi.adewale.long.address@example.com", phone: "+2348031112233", source: "contact_form" })
    .returning("id");
  await e2e.db("lead_events").insert({ lead_id: leadId, kind: "enquiry", ref_table: "enquiries", ref_id: enquiryId });
  await takesConsultations(e2e.db, staff.id);
  booking.type = await makeConsultationType(e2e.db);
  booking.day = addDays(lagosDay(new Date()), 3);
  const startsAt = lagosInstant(addDays(booking.day, 1), 10 * 60);
  const [{ id: bookingId }] = await e2e
    .db("bookings")
    .insert({
      type_id: booking.type,
      staff_id: staff.id,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      blocked_until: new Date(startsAt.getTime() + 45 * 60_000),
      name: "Oluwaseun Adekunle-Babatunde",
      email: "oluwaseun.adekunle.babatunde@example.com",
      phone: "+2348031112233",
      destination: "United Kingdom",
      visa_type: "study",
      uid: "narrow-screens@test",
    })
    .returning("id");
  booking.reschedule = await issueBookingToken(e2e.db, bookingId, "reschedule");
  booking.cancel = await issueBookingToken(e2e.db, bookingId, "cancel");
  // The same booking as a paid one, back from Paystack: its confirmation page with the receipt code.
  await e2e.db("payments").insert({
    booking_id: bookingId,
    provider: "paystack",
    currency: "NGN",
    amount_minor: 1_500_000,
    quote_expires_at: new Date(),
    reference: "HG-NARROW-SCREENS",
    state: "paid",
    receipt_code: "NARROW2345",
    paid_at: new Date(),
  });
  booking.paid = `/book/payment/${bookingId}?reference=HG-NARROW-SCREENS`;
}, 120_000);

/** The applicant's submitted application paid by card, as the provider's verified payment leaves it. */
async function paidByCard(applicationId: string): Promise<{ id: string; receipt_code: string }> {
  const reference = `PAY-${applicationId.slice(0, 8)}`;
  await e2e
    .db("visa_applications")
    .where({ id: applicationId })
    .update({ payment_status: "paid", amount_paid: 150, payment_reference: reference, paid_at: e2e.db.fn.now() });
  const [payment] = await e2e
    .db("payments")
    .insert({
      application_id: applicationId,
      user_id: applicant.id,
      provider: "demo",
      currency: "NGN",
      amount_minor: 232_500_00,
      fee_usd_cents: 15_000,
      quote_expires_at: e2e.db.fn.now(),
      reference,
      receipt_code: `R-${reference}`,
      state: "paid",
      paid_at: e2e.db.fn.now(),
    })
    .returning(["id", "receipt_code"]);
  return payment;
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** Null when the page fits; otherwise its width and the element that reaches furthest right (the deepest of equals). */
function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= innerWidth) return null;
    let widest: Element | null = null;
    let right = 0;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right >= right) {
        right = r.right;
        widest = el;
      }
    }
    const name = widest
      ? `<${widest.tagName.toLowerCase()}${widest.id ? `#${widest.id}` : ""} class="${widest.getAttribute("class") ?? ""}"> "${(widest.textContent ?? "").trim().slice(0, 60)}"`
      : "?";
    return `${root.scrollWidth}px wide (screen ${innerWidth}px); widest: ${name}, right edge ${Math.round(right)}px`;
  });
}

/** Opens each path on `page` and lists the pages wider than the screen, each with its widest element. */
async function tooWide(page: Page, paths: string[], wait: (page: Page) => Promise<unknown> = hydrated): Promise<string[]> {
  const found: string[] = [];
  for (const p of paths) {
    await page.goto(`${e2e.url}${p}`);
    await wait(page);
    const problem = await overflow(page);
    if (problem) found.push(`${p}: ${problem}`);
  }
  return found;
}

/** The two boxes overlap (both on screen). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * What `target` covers on screen: every control (link, button, field, summary) and every piece of text whose box shares
 * a pixel with it, other than `target` itself and what contains it; and, when the element at its centre is not it,
 * that element. In the sticky header only the header's own content counts: the page scrolls behind the header itself.
 */
function coveredBy(target: Locator): Promise<string[]> {
  return target.evaluate((self) => {
    const box = self.getBoundingClientRect();
    const frame = self.closest("header") ?? document.body;
    const meets = (r: DOMRect) => r.width > 0 && r.height > 0 && r.x < box.right && box.x < r.right && r.y < box.bottom && box.y < r.bottom;
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const name = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const el of frame.querySelectorAll("a, button, input, select, textarea, summary, [role=button]")) {
      if (el === self || el.contains(self) || self.contains(el) || !shown(el)) continue;
      if (meets(el.getBoundingClientRect())) found.push(name(el));
    }
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || self.contains(parent) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => meets(r))) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    const centre = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (!centre || !self.contains(centre)) found.push(`at its centre: ${centre ? name(centre) : "nothing"}`);
    return found;
  });
}

describe.skipIf(!e2eEnabled)("at 360 px, every page fits the screen", () => {
  it("public pages: every page in the sitemap (the route table's public pages, each service page), the guest pages, the booking pages and the 404", async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    const sitemap = await (await fetch(`${e2e.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(15);
    expect(paths).toContain("/services/uk-immigration");
    const guest = ["/auth", "/signin", "/signup", "/forgot-password", "/reset-password", "/no-such-page"];
    const bookingPages = [
      "/book",
      `/book?type=${booking.type}`,
      `/book?type=${booking.type}&day=${booking.day}`,
      `/book/reschedule/${booking.reschedule}?day=${booking.day}`,
      `/book/cancel/${booking.cancel}`,
      booking.paid,
    ];
    expect(await tooWide(page, [...paths, ...guest, ...bookingPages])).toEqual([]);
    await context.close();
  }, 300_000);

  it("the applicant's pages: dashboard, every wizard step (step 7 after an upload), review, details, submitted, payment, receipt, checklist, account, two-factor", async () => {
    const { page, context, problems } = await signInAs(e2e, applicant);
    await page.setViewportSize(PHONE);
    // Paid through the page, as an applicant does, so the receipt exists.
    await page.goto(`${e2e.url}/payment/${ids.paid}`);
    await hydrated(page);
    await page.getByLabel("Cardholder name").fill("Amaka Obi");
    await page.getByLabel("Card number").fill("4111111111111111");
    await page.getByLabel("Expiry (MM/YY)").fill("1229");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: /^Pay ₦/ }).click();
    await page.waitForURL(`${e2e.url}/application/${ids.paid}`);

    // Step 7 after an upload of a bank statement: its option then says so (it once made the page 444 px wide).
    await page.goto(`${e2e.url}/visa-application/${ids.ready}?step=7`);
    await hydrated(page);
    await page.getByLabel("Document type").selectOption("bank_statement");
    const file = path.join(fixtureDir, "statement.pdf");
    writeFileSync(file, PDF);
    await page.getByLabel("Supporting document").setInputFiles(file);
    await page.getByText("Document uploaded successfully", { exact: true }).waitFor();
    // The list's "Bank statement" item now holds it: replaced there, never by type.
    await page
      .getByText("This type holds your file for “Bank statements” above (one file per type): to change that file, use its Replace button.")
      .waitFor();
    // An item of "Documents for your application" holding a file with a long name keeps to the screen.
    const longName = "payslips-august-september-october-2026-first-bank-of-nigeria-ikeja-branch.pdf";
    const long = path.join(fixtureDir, longName);
    writeFileSync(long, PDF);
    await page.getByRole("listitem", { name: "Payslips", exact: true }).locator("input[type=file]").setInputFiles(long);
    await page.getByRole("link", { name: longName }).waitFor();
    const step7 = await overflow(page);

    const wizard = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/visa-application/${ids.ready}?step=${n}`);
    const pages = [
      "/dashboard",
      "/visa-application/new",
      ...wizard,
      `/visa-application/${ids.ready}/review`,
      `/application/${ids.submitted}`,
      `/application/${ids.submitted}/submitted`,
      `/payment/${ids.submitted}`,
      `/application/${ids.paid}`,
      `/application/${ids.paid}/receipt`,
      "/checklist/new",
      "/account",
      "/account/two-factor",
    ];
    expect([...(step7 ? [`step 7 after an upload: ${step7}`] : []), ...(await tooWide(page, pages))]).toEqual([]);
    expect(problems.filter((p) => !/40\d/.test(p))).toEqual([]);
    await context.close();
  }, 300_000);

  it("the admin panel: list (Mine, Unassigned, All), staff, review, full application, analytics, activity, leads, a lead, enquiries, an enquiry, outbox, payments, settings, agenda, consultations; its times never wrap", async () => {
    // A fee paid by card, for its payment, refund and public receipt pages (this test's own: it runs alone too).
    const application = await insertApplication(e2e, applicant.id, { reference: "VA-2026-NARROW5", status: "submitted" });
    const paid = await paidByCard(application);
    const { page, context } = await signInAs(e2e, staff);
    await page.setViewportSize(PHONE);
    const pages = [
      "/admin/payments",
      `/admin/payments/${paid.id}`,
      `/admin/payments/${paid.id}/refund`,
      "/admin/settings/payments",
      `/receipts/${paid.receipt_code}`,
      "/admin",
      "/admin?tab=unassigned",
      "/admin?tab=all",
      "/admin/staff",
      `/admin/application/${application}`,
      `/admin/application/${application}/full`,
      "/admin/analytics",
      "/admin/activity",
      "/admin/leads",
      `/admin/leads/${leadId}`,
      "/admin/enquiries",
      `/admin/enquiries/${enquiryId}`,
      "/admin/outbox",
      "/admin/agenda?range=week",
      "/admin/consultations",
    ];
    expect(await tooWide(page, pages)).toEqual([]);
    // A date-time on one line: an inline box broken across lines has a rectangle per line.
    const broken: string[] = [];
    for (const p of [
      "/admin/activity",
      `/admin/leads/${leadId}`,
      "/admin/enquiries",
      `/admin/enquiries/${enquiryId}`,
      `/admin/application/${application}`,
    ]) {
      await page.goto(`${e2e.url}${p}`);
      await hydrated(page);
      const times = await page.evaluate(() =>
        [...document.querySelectorAll("time")].filter((t) => t.getClientRects().length > 1).map((t) => t.textContent),
      );
      expect(await page.locator("time").count(), p).toBeGreaterThan(0);
      broken.push(...times.map((t) => `${p}: ${t}`));
    }
    expect(broken).toEqual([]);
    await context.close();
  }, 300_000);
});

describe.skipIf(!e2eEnabled)("at 360 px, nothing covers what a person taps or reads", () => {
  const whatsapp = (page: Page) => page.getByRole("link", { name: /WhatsApp/ });

  it("the WhatsApp button covers nothing: on a phone it sits in the header, clear of every control and text at the top, middle and bottom of the home page, the services, the success stories, the contact page and /book's times", async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    const paths = ["/", "/our-services", "/success-stories", "/contact", `/book?type=${booking.type}&day=${booking.day}`];
    for (const p of paths) {
      await page.goto(`${e2e.url}${p}`);
      await hydrated(page);
      await whatsapp(page).waitFor();
      if (p.startsWith("/book"))
        await page
          .getByRole("group", { name: /^Time on / })
          .getByRole("radio")
          .first()
          .waitFor();
      for (const at of [0, 0.5, 1]) {
        await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), at);
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await coveredBy(whatsapp(page)), `${p} scrolled to ${at * 100}%`).toEqual([]);
      }
    }
    // Typing in the contact form's fields keeps the button where it was: nothing slides over a field.
    await page.goto(`${e2e.url}/contact`);
    await hydrated(page);
    const field = page.getByLabel("Message", { exact: true });
    await field.click();
    await field.pressSequentially("a");
    expect(await overlap(whatsapp(page), field)).toBe(false);
    expect(await coveredBy(whatsapp(page))).toEqual([]);
    await context.close();
  }, 180_000);

  it("from the sm breakpoint the WhatsApp button floats, and steps aside while a contact form field has focus", async () => {
    const { page, context } = await openPage(e2e.browser, { width: 1280, height: 900 });
    await page.goto(`${e2e.url}/contact`);
    await hydrated(page);
    await whatsapp(page).waitFor();
    expect(await whatsapp(page).evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    for (const field of [page.getByLabel("Email Address"), page.getByLabel("Message", { exact: true })]) {
      await field.click();
      await field.pressSequentially("a");
      // Tucked away while a field has focus (after its 150 ms slide).
      await expect.poll(() => overlap(whatsapp(page), field)).toBe(false);
      await expect.poll(() => whatsapp(page).evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    }
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await expect.poll(() => whatsapp(page).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await context.close();
  }, 120_000);

  it("a toast on a phone sits at the bottom, clear of Sign Out and the e-mail banner's Resend, announced and closable", async () => {
    const { page, context } = await signInAs(e2e, await makeUser(e2e.db, { fullName: "Ngozi Eze" }));
    await page.setViewportSize(PHONE);
    const signOut = page.getByRole("button", { name: "Sign Out" });
    const resend = page.getByRole("button", { name: "Resend" });
    // Radix announces a toast through a live region that holds its words for one second: what the region said is
    // recorded as it says it, so a busy machine between the toast and the check cannot miss it.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { announced: string[] }).announced = said;
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('[role="status"]')) if (region.textContent) said.push(region.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await resend.click();
    const toast = page.locator(".toast").filter({ hasText: /Confirmation e-mail sent|Could not send the e-mail/ });
    await toast.waitFor();
    for (const control of [signOut, resend]) {
      // The control itself answers a tap at its centre, not the toast over it.
      expect(
        await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return Boolean(hit && el.contains(hit));
        }),
      ).toBe(true);
      expect(await overlap(toast, control)).toBe(false);
    }
    const box = await toast.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(PHONE.height - 40);
    // Announced: Radix's live region carries the toast's words.
    const announced = await page.evaluate(() => (window as unknown as { announced: string[] }).announced);
    expect(announced.some((words) => /Confirmation e-mail sent|Could not send the e-mail/.test(words))).toBe(true);
    await toast.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => toast.count()).toBe(0);
    await context.close();
  }, 120_000);

  it("after a refused weak password and then a good one, the dashboard shows 'Success!' alone; the error toast kept off the button and did not repeat the field", async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.url}/signup`);
    await hydrated(page);
    await page.getByLabel("Full Name").fill("Ifeoma Nnaji");
    await page.getByLabel("Email").fill("ifeoma@example.com");
    await page.getByLabel("Password").fill("password123");
    const create = page.getByRole("button", { name: "Create Account" });
    await create.click();
    const error = page.getByRole("status").filter({ hasText: "Signup Error" });
    await error.waitFor();
    const fieldMessage = (
      await page.locator(`[id="${(await page.getByLabel("Password").getAttribute("aria-describedby"))?.split(" ").pop()}"]`).innerText()
    ).trim();
    expect(fieldMessage.length).toBeGreaterThan(0);
    expect(await error.innerText()).not.toContain(fieldMessage);
    expect(await overlap(error, create)).toBe(false);

    await page.getByLabel("Password").fill("a-much-longer-passphrase-9");
    await create.click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByRole("status").filter({ hasText: "Success!" }).waitFor();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Signup Error" }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it("the 404 page has the site's header and footer", async () => {
    const { page, context } = await openPage(e2e.browser, PHONE);
    await page.goto(`${e2e.url}/no-such-page`);
    await hydrated(page);
    await page.getByText("Oops! Page not found").waitFor();
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    await page.locator("summary[aria-controls=mobile-menu]").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Apply online" }).waitFor();
    await context.close();
  }, 60_000);
});

describe.skipIf(!e2eEnabled)("every screen says what comes next", () => {
  let owner: WatchedPage;
  afterAll(() => owner?.context.close());

  it("a card's main button leads to the next step; submitting leads to 'What happens next', then the fee", async () => {
    owner = await signInAs(e2e, applicant);
    const { page, problems } = owner;
    await page.setViewportSize(PHONE);
    const draftCard = page.getByRole("listitem", { name: /VA-2026-NARROW1/ });
    await draftCard.getByText("Next: Passport Details (step 3 of 8).").waitFor();
    await draftCard.getByText("Payable after submission").waitFor();
    await draftCard.getByRole("link", { name: "Continue — step 3 of 8" }).click();
    await page.getByRole("heading", { name: "Step 3 of 8: Passport Details" }).waitFor();

    await page.goto(`${e2e.url}/dashboard`);
    await hydrated(page);
    await page
      .getByRole("listitem", { name: /VA-2026-NARROW2/ })
      .getByRole("link", { name: "Submit" })
      .click();
    await page.getByRole("heading", { name: "Review Your Application" }).waitFor();
    // Submitting asks once, naming the application: a submitted one cannot be edited.
    const submitAsked = answerConfirm(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitAsked).toMatch(/^Submit VA-.+ now\? You cannot edit it afterwards\.$/);
    await page.waitForURL(`${e2e.url}/application/${ids.ready}/submitted`);
    await page.getByText("Application submitted successfully!", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "What happens next" }).waitFor();
    await page.getByText("VA-2026-NARROW2").waitFor();
    await page.getByText(/usually within 3 working days/).waitFor();
    await page.getByText(new RegExp(`e-mail you at ${applicant.email.replace(/[.]/g, "\\.")}`)).waitFor();
    expect(await overflow(page)).toBeNull();
    await page.getByRole("link", { name: "Pay the fee" }).click();
    await page.getByRole("heading", { name: "Pay the application fee" }).waitFor();

    await page.goto(`${e2e.url}/dashboard`);
    await hydrated(page);
    const submittedCard = page.getByRole("listitem", { name: /VA-2026-NARROW2/ });
    await submittedCard.getByRole("link", { name: "Pay the fee" }).waitFor();
    // The card itself still opens the details (SPEC §2.7).
    await submittedCard.getByText("VA-2026-NARROW2").click({ force: true });
    await page.waitForURL(`${e2e.url}/application/${ids.ready}`);
    expect(problems.filter((p) => !/40\d/.test(p))).toEqual([]);
  }, 180_000);
});
