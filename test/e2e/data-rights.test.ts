// An applicant's own account in the browser: sign up → confirm the e-mail from the received message → turn on
// two-factor sign-in → sign out → sign in with a code → download my data → delete the account; and the account,
// two-factor and privacy pages checked with axe at 1280 and 360 px.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { DELETION_RULE } from "../../views/content/privacy.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { giveSignInCode, openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { freshCode } from "../helpers/twoFactor.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

const EMAIL = "chidinma@example.com";
const PASSWORD = "harmattan-ledger-42";
const hydrated = () => document.documentElement.dataset.hydrated === "true";
/** Links in mail name the server's own address (localhost); the browser reaches the same server as e2e.url. */
const onServer = (link: string) => link.replace(/^http:\/\/localhost:\d+/, e2e.url);

/** The names of a zip's entries. */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** axe at the desktop width and at 360 px, then back to the desktop. */
async function accessibleAtBothWidths(page: Page, what: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page), `${what} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!e2eEnabled)("an applicant's data rights in the browser", () => {
  it("signs up, confirms the e-mail, turns on two-factor, signs in with a code, downloads the data and deletes the account", async () => {
    const { page, problems, context } = await openPage(e2e.browser);

    // Sign up: the form says where the privacy notice is.
    await page.goto(`${e2e.url}/signup`);
    await page.waitForFunction(hydrated);
    expect(await page.getByRole("link", { name: "privacy notice" }).getAttribute("href")).toBe("/privacy");
    await page.getByLabel("Full Name").fill("Chidinma Okafor");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);

    // Confirm the address from the message received over SMTP.
    const [welcome] = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject === "Confirm your e-mail address", 1, 30_000);
    const confirm = welcome.links.find((l) => l.includes("/confirm-email?token="));
    expect(confirm).toBeTruthy();
    await page.goto(onServer(confirm ?? ""));
    await page.getByText("E-mail confirmed", { exact: true }).waitFor();

    // Account page, then two-factor: the key shown for typing in by hand is the one the codes come from.
    await page.goto(`${e2e.url}/account`);
    await page.waitForFunction(hydrated);
    await page.getByRole("heading", { name: "My account", level: 1 }).waitFor();
    await page.getByText("Off: your password alone signs you in.").waitFor();
    await accessibleAtBothWidths(page, "/account");
    await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
    await page.waitForURL(`${e2e.url}/account/two-factor`);
    await page.getByRole("heading", { name: "Two-factor sign-in", level: 1 }).waitFor();
    await page.waitForFunction(hydrated);
    await accessibleAtBothWidths(page, "/account/two-factor");
    const secret = (await page.locator("li code").first().textContent())?.replace(/\s/g, "") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByText("That code is not right.").first().waitFor();
    await page.getByLabel("Code from the app").fill(await freshCode(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByRole("heading", { name: "Save your recovery codes now" }).waitFor();
    expect(await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByText("I have saved them: continue").click();

    // Sign out; signing in again asks for a code.
    await page.goto(`${e2e.url}/account`);
    await page.waitForFunction(hydrated);
    await page.getByText("On: every sign-in asks for a code from your phone.").waitFor();
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL(`${e2e.url}/auth`);
    await page.goto(`${e2e.url}/signin`);
    await page.waitForFunction(hydrated);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await giveSignInCode(page, secret);
    await page.waitForURL(`${e2e.url}/dashboard`);

    // Download my data: a zip with the account in it.
    await page.goto(`${e2e.url}/account`);
    await page.waitForFunction(hydrated);
    // A form post with the password (no link another site could trigger); the file comes and the page stays.
    const dataForm = page.getByRole("form", { name: "Download my data" });
    await dataForm.getByLabel("Current password").fill(PASSWORD);
    const [download] = await Promise.all([page.waitForEvent("download"), dataForm.getByRole("button", { name: "Download my data" }).click()]);
    const zip = await readFile((await download.path()) ?? "");
    const names = await zipEntries(zip);
    expect(names).toEqual(expect.arrayContaining(["account.json", "checklists.json", "messages.json"]));

    // Delete my account: the rule is on the page; a wrong word changes nothing; then the account is gone.
    await page.getByText(DELETION_RULE).waitFor();
    const form = page.getByRole("form", { name: "Delete my account" });
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("Type DELETE to confirm").fill("delete me");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await form.locator('p[id$="-error"]', { hasText: "Type DELETE to confirm" }).waitFor();
    expect(await e2e.db("users").where({ email: EMAIL }).whereNull("deleted_at").count({ n: "*" })).toEqual([{ n: 1 }]);
    await form.getByLabel("Type DELETE to confirm").fill("DELETE");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${e2e.url}/signin`);
    await page.getByText("Account deleted", { exact: true }).waitFor();

    // The address no longer signs in; nothing of the person is left under their e-mail.
    await page.waitForFunction(hydrated);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email or password").first().waitFor();
    expect(await e2e.db("users").where({ email: EMAIL }).count({ n: "*" })).toEqual([{ n: 0 }]);

    expect(problems.filter((p) => !/\b(400|401|403|422)\b/.test(p))).toEqual([]);
    await context.close();
  }, 240_000);

  it("shows the privacy notice, reached from the footer, accessible at 1280 and 360 px", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/faq`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL(`${e2e.url}/privacy`);
    await page.getByRole("heading", { name: "Privacy Notice", level: 1 }).waitFor();
    for (const heading of ["What we collect", "Why we use it", "Who sees it", "How long we keep it", "Your rights"]) {
      await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
    }
    await page.getByRole("table", { name: "How long we keep it" }).waitFor();
    await accessibleAtBothWidths(page, "/privacy");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
