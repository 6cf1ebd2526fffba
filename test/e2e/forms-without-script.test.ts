// Every form that works without JavaScript, posted by a browser whose scripts never run (a slow phone, a password
// manager, no JavaScript): each lands where a person expects, with the message and what was typed kept.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";
import { SERVER_SESSION_SECRET } from "../helpers/server.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { freshCode } from "../helpers/twoFactor.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

/** Links in mail name the server's own address (localhost); the browser reaches the same server as e2e.url. */
const onServer = (link: string) => link.replace(/^http:\/\/localhost:\d+/, e2e.url);

/** A page of its own, JavaScript off: every submit is the browser's plain form post. */
async function withoutScript(path: string) {
  const opened = await openPage(e2e.browser, { javaScriptEnabled: false });
  await opened.page.goto(`${e2e.url}${path}`);
  return opened;
}

/** The message shown beside the form (never the generic error page). */
async function expectMessage(page: Page, text: string | RegExp) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
  expect(await page.getByText("Unexpected Application Error!").count()).toBe(0);
}

/** The browser logs the refusal's own status (the form shown again with 400 or 401): that is the answer, not a fault. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of (400|401)\b/.test(p));

async function expectDashboard(page: Page) {
  await page.waitForURL(`${e2e.url}/dashboard`);
  await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
}

describe.skipIf(!e2eEnabled)("forms without the page's script", () => {
  it("sign-in: a wrong password shows the form again with the address kept; the right one opens the dashboard", async () => {
    const user = await makeUser(e2e.db);
    const { page, context, problems } = await withoutScript("/signin");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.url}/signin`);
    await expectMessage(page, "Invalid email or password");
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectDashboard(page);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  }, 60_000);

  it("/auth: a wrong password shows the same two-tab page; the right one goes where the person was going", async () => {
    const user = await makeUser(e2e.db);
    const { page, context } = await withoutScript("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password-2");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("tablist", { name: "Sign in or create an account" }).waitFor();
    await expectMessage(page, "Invalid email or password");
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectDashboard(page);
    await context.close();
  }, 60_000);

  it("sign-up: a weak password shows the form again with the name and address kept, and no account", async () => {
    const { page, context } = await withoutScript("/signup");
    await page.getByLabel("Full Name").fill("Ifeoma Nwosu");
    await page.getByLabel("Email").fill("ifeoma.noscript@example.com");
    await page.getByLabel(/^Password/).fill("password1234");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.url}/signup`);
    await expectMessage(page, /password/i);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Ifeoma Nwosu");
    expect(await page.getByLabel("Email").inputValue()).toBe("ifeoma.noscript@example.com");
    expect(await page.getByLabel(/^Password/).inputValue()).toBe("");
    expect(await e2e.db("users").where({ email: "ifeoma.noscript@example.com" }).first()).toBeUndefined();
    await context.close();
  }, 60_000);

  it("two-factor code: a wrong code shows the code form again; the right one opens the dashboard", async () => {
    const user = await makeUser(e2e.db, { twoFactor: true, sessionSecret: SERVER_SESSION_SECRET });
    const { page, context } = await withoutScript("/signin");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.url}/signin/code`);
    await page.getByRole("textbox", { name: "Code" }).fill("000000");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectMessage(page, "That code is not right");
    await page.getByRole("textbox", { name: "Code" }).fill(await freshCode(user.totpSecret ?? ""));
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectDashboard(page);
    await context.close();
  }, 60_000);

  it("forgot password → the e-mailed link → a weak then a good new password → the dashboard", async () => {
    const user = await makeUser(e2e.db);
    const { page, context, problems } = await withoutScript("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await page.waitForURL(`${e2e.url}/forgot-password?sent=1`);
    await page.getByText("If an account uses that address").waitFor();

    const [mail] = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === "Reset your password", 1, 30_000);
    const link = mail.links.find((l) => l.includes("/reset-password?token="));
    expect(link).toBeTruthy();
    await page.goto(onServer(link ?? ""));
    // The token left the address for the session: the page (and any referrer it sends) carries none.
    await page.waitForURL(`${e2e.url}/reset-password`);
    await page.getByLabel(/^New password/).fill("password1234");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await page.waitForURL(`${e2e.url}/reset-password`);
    await expectMessage(page, /password/i);
    await page.getByLabel(/^New password/).fill("Quiet-Harbour-Lantern-61");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expectDashboard(page);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  }, 90_000);

  it("contact: a missing message shows the form again with everything typed kept, and no enquiry", async () => {
    const { page, context } = await withoutScript("/contact");
    const form = page.locator("form[action='/contact']").first();
    await form.getByLabel("Full Name").fill("Tolu Noscript");
    await form.getByLabel("Email Address").fill("tolu.noscript@example.com");
    await form.getByLabel("Phone Number").fill("0803 000 0000");
    // Spaces pass the browser's own "required" check; the server finds no message in them.
    await form.getByLabel("Message").fill("   ");
    await form.getByRole("button", { name: /Send/ }).click();
    await page.waitForURL(`${e2e.url}/contact`);
    await expectMessage(page, "Please enter a message");
    const kept = page.locator("form[action='/contact']").first();
    expect(await kept.getByLabel("Full Name").inputValue()).toBe("Tolu Noscript");
    expect(await kept.getByLabel("Email Address").inputValue()).toBe("tolu.noscript@example.com");
    expect(await kept.getByLabel("Phone Number").inputValue()).toBe("0803 000 0000");
    expect(await e2e.db("enquiries").where({ email: "tolu.noscript@example.com" })).toHaveLength(0);
    await context.close();
  }, 60_000);
});
