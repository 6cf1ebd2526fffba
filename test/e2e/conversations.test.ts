// An application's conversation in the browser, at 360 and 1280 px: the applicant writes on the details page → staff
// see the unread count in the list, open the application and reply → the applicant's card says "1 new message" and
// the details page shows the reply; every screen fits, with no serious accessibility violation or console error.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { startSmtp } from "../helpers/smtp.ts";

const OFFICE = "office@example.com";
const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: OFFICE });
afterAll(() => smtp.stop());

let applicant: TestUser;
let staff: TestUser;
const ids: Record<number, string> = {};

beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze", email: "ngozi.eze@example.com" });
  staff = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
  for (const width of [360, 1280]) {
    ids[width] = await insertApplication(e2e, applicant.id, {
      reference: `VA-2026-TALK${width}`,
      status: "submitted",
      fields: { full_name: "Ngozi Eze" },
    });
  }
}, 120_000);

/**
 * The list's entry for one application: a table row at 1280 px (its unread messages in words under the reference,
 * nothing when none), a card on a phone (its Unread value); its link.
 */
function listEntry(admin: Page, reference: string, width: number) {
  if (width >= 1024) {
    const row = admin.getByRole("row").filter({ hasText: reference });
    return { entry: row, unread: row.locator("[data-unread]"), link: row.getByRole("link", { name: `View ${reference}` }) };
  }
  const card = admin.getByRole("list", { name: "Applications" }).getByRole("listitem").filter({ hasText: reference });
  return {
    entry: card,
    unread: card.locator("dt", { hasText: "Unread" }).locator("xpath=following-sibling::dd[1]"),
    link: card.getByRole("link", { name: reference }),
  };
}

/** The page is no wider than its screen. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

describe.skipIf(!e2eEnabled)("an application's conversation in the browser", () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: applicant writes → staff see it unread, open it and reply → the applicant sees the reply and the count`, async () => {
      const reference = `VA-2026-TALK${width}`;
      const question = `Can I send my bank statement next week? (${width})`;
      const reply = `Yes, upload it by Friday, please. (${width})`;

      const applicantTab = await signInAs(e2e, applicant);
      const page = applicantTab.page;
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${e2e.url}/application/${ids[width]}`);
      await page.getByRole("heading", { name: "Messages" }).waitFor();
      await page.getByText("No messages yet.").waitFor();
      // An empty message is refused beside the box, and nothing is sent.
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByText("Write a message first.").first().waitFor();
      await page.getByLabel("Your message").fill(question);
      await page.getByRole("button", { name: "Send message" }).click();
      const mine = page.getByRole("list", { name: "Messages, oldest first" }).getByRole("listitem");
      await mine.filter({ hasText: question }).waitFor();
      await expect.poll(() => page.getByLabel("Your message").inputValue()).toBe("");
      expect(await mine.first().textContent()).toContain("Ngozi");
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await smtp.waitFor((m) => m.to.includes(OFFICE) && m.subject === `New message from Ngozi Eze about ${reference}`, 1, 30_000);

      const staffTab = await signInAs(e2e, staff);
      const admin = staffTab.page;
      await admin.setViewportSize({ width, height: 800 });
      // A new submission waits in Unassigned; the manager sees it under All.
      await admin.goto(`${e2e.url}/admin?tab=all&q=${reference}`);
      const { entry, unread, link } = listEntry(admin, reference, width);
      await entry.waitFor();
      expect((await unread.textContent())?.trim()).toBe("1 new message");
      expect(await fits(admin)).toBe(true);
      expect(await seriousViolations(admin)).toEqual([]);
      await link.click();
      await admin.getByRole("heading", { name: `Application ${reference}` }).waitFor();
      const thread = admin.getByRole("list", { name: "Messages, oldest first" }).getByRole("listitem");
      await thread.filter({ hasText: question }).filter({ hasText: "New" }).waitFor();
      await admin.getByText("Staff only: these notes are never shown to the applicant.", { exact: false }).waitFor();
      await admin.getByLabel("Reply to the applicant").fill(reply);
      await admin.getByRole("button", { name: "Send message" }).click();
      await thread.filter({ hasText: reply }).waitFor();
      expect(await thread.last().textContent()).toContain("Folake");
      expect(await fits(admin)).toBe(true);
      expect(await seriousViolations(admin)).toEqual([]);
      // Back on the list: the team has read it.
      await admin.goto(`${e2e.url}/admin?tab=all&q=${reference}`);
      const read = listEntry(admin, reference, width);
      await read.entry.waitFor();
      if (width >= 1024) expect(await read.unread.count()).toBe(0);
      else expect((await read.unread.textContent())?.trim()).toBe("—No new messages");
      await smtp.waitFor((m) => m.to.includes(applicant.email) && m.subject === `New message about your application ${reference}`, 1, 30_000);

      await page.goto(`${e2e.url}/dashboard`);
      const card = page.getByRole("listitem", { name: new RegExp(reference) });
      await card.getByText("1 new message").waitFor();
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole("link", { name: /Visa/ }).first().click();
      await page.waitForURL(`${e2e.url}/application/${ids[width]}`);
      await mine.filter({ hasText: reply }).filter({ hasText: "Folake" }).filter({ hasText: "New" }).waitFor();
      expect(await mine.last().textContent()).toContain(reply);
      await page.goto(`${e2e.url}/dashboard`);
      await page.getByRole("listitem", { name: new RegExp(reference) }).waitFor();
      expect(
        await page
          .getByRole("listitem", { name: new RegExp(reference) })
          .getByText(/new message/)
          .count(),
      ).toBe(0);

      // The one refused request is the empty message's 400, which the browser logs as a failed resource.
      expect(applicantTab.problems.filter((p) => !/status of 400 \(Bad Request\)/.test(p))).toEqual([]);
      expect(applicantTab.problems).toHaveLength(1);
      expect(staffTab.problems).toEqual([]);
      await applicantTab.context.close();
      await staffTab.context.close();
    });
  }
});
