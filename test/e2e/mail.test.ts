// Mail in the browser: forgot password → the link from the received e-mail → new password; contact form → admin
// inbox → reply received; and forms keep what was typed before the page's scripts ran.
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { giveSignInCode, openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { SERVER_SESSION_SECRET } from "../helpers/server.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { enrolTwoFactor } from "../helpers/twoFactor.ts";

const smtp = await startSmtp();
const e2e = setupE2E({ SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: "office@example.com" });
afterAll(() => smtp.stop());

/** Links in mail name the server's own address (localhost); the browser reaches the same server as e2e.url. */
const onServer = (link: string) => link.replace(/^http:\/\/localhost:\d+/, e2e.url);

/** The two-factor secrets of the staff accounts, by e-mail. */
const secrets = new Map<string, string>();

async function makeAccount(email: string, password: string, admin = false) {
  const [row] = await e2e
    .db("users")
    .insert({ email, full_name: "Amaka Obi", password_hash: await hashPassword(password) })
    .returning("id");
  if (admin) {
    await e2e.db("user_roles").insert({ user_id: row.id, role: "admin" });
    // Staff reach the admin panel only with two-factor sign-in on.
    secrets.set(email, await enrolTwoFactor(e2e.db, row.id, SERVER_SESSION_SECRET));
  }
}

const hydrated = () => document.documentElement.dataset.hydrated === "true";

async function signInAs(email: string, password: string) {
  const opened = await openPage(e2e.browser);
  await opened.page.goto(`${e2e.url}/signin`);
  await opened.page.waitForFunction(hydrated);
  await opened.page.getByLabel("Email").fill(email);
  await opened.page.getByLabel("Password").fill(password);
  await opened.page.getByRole("button", { name: "Sign In" }).click();
  const secret = secrets.get(email);
  if (secret) await giveSignInCode(opened.page, secret);
  await opened.page.waitForURL(`${e2e.url}/dashboard`);
  return opened;
}

describe.skipIf(!e2eEnabled)("mail in the browser", () => {
  it("forgot password → link from the e-mail → new password → signed in, the old session signed out", async () => {
    await makeAccount("amaka@example.com", "old-pass-word-1");
    const old = await signInAs("amaka@example.com", "old-pass-word-1");

    const { page, problems, context } = await openPage(e2e.browser, { width: 390, height: 844 });
    await page.goto(`${e2e.url}/signin`);
    await page.waitForFunction(hydrated);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill("amaka@example.com");
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await page.locator("#main").getByText("If an account uses that address").waitFor();

    const [mail] = await smtp.waitFor((m) => m.to.includes("amaka@example.com") && m.subject === "Reset your password", 1, 30_000);
    const link = mail.links.find((l) => l.includes("/reset-password?token="));
    expect(link).toBeTruthy();
    await page.goto(onServer(link ?? ""));
    await page.waitForFunction(hydrated);
    await page.getByLabel(/^New password/).fill("new-pass-word-2");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();

    await old.page.goto(`${e2e.url}/dashboard`);
    await old.page.waitForURL(/\/auth\?next=%2Fdashboard$/);
    expect(problems).toEqual([]);
    await context.close();
    await old.context.close();
  }, 150_000);

  it("contact form → enquiry in the admin inbox → reply received by the visitor", async () => {
    const { page, problems, context } = await openPage(e2e.browser, { width: 360, height: 800 });
    await page.goto(`${e2e.url}/contact`);
    await page.waitForFunction(hydrated);
    const form = page.locator("form[action='/contact']");
    await form.getByLabel("Full Name").fill("Bola Ahmed");
    await form.getByLabel("Email Address").fill("bola@example.com");
    await form.getByLabel("Phone Number").fill("0802 555 1234");
    await form.getByLabel("Message").fill("Can you help with a Canada study permit?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!", { exact: true }).waitFor();
    await page.getByText("We'll get back to you within 24 hours.", { exact: true }).waitFor();
    expect(await form.getByLabel("Full Name").inputValue()).toBe("");
    expect(await form.getByLabel("Message").inputValue()).toBe("");
    await smtp.waitFor((m) => m.to.includes("bola@example.com"), 1, 30_000);

    await makeAccount("staff@example.com", "staff-pass-1", true);
    const staff = await signInAs("staff@example.com", "staff-pass-1");
    await staff.page.goto(`${e2e.url}/admin/enquiries`);
    await staff.page.getByRole("link", { name: /Bola Ahmed/ }).click();
    await staff.page.getByRole("heading", { name: "Enquiry from Bola Ahmed" }).waitFor();
    expect(await staff.page.getByRole("link", { name: "Reply on WhatsApp" }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\/2348025551234\?text=/);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await staff.page.getByLabel("Reply to bola@example.com").fill("Yes: bring your admission letter on Saturday.");
    await staff.page.getByRole("button", { name: "Send reply" }).click();
    await staff.page.getByText("Reply sent", { exact: true }).waitFor();
    const [reply] = await smtp.waitFor((m) => m.to.includes("bola@example.com") && m.subject === "Re: your enquiry", 1, 30_000);
    expect(reply.text).toContain("bring your admission letter on Saturday.");
    expect(problems).toEqual([]);
    await context.close();
    await staff.context.close();
  }, 150_000);

  it("every form keeps what was typed before its scripts ran", async () => {
    const forms: { path: string; fields: [label: string, value: string][]; scope?: string }[] = [
      {
        path: "/",
        scope: "form[action='/contact']",
        fields: [
          ["Full Name", "Early Typist"],
          ["Email Address", "early@example.com"],
          ["Phone Number", "0803 000 0000"],
          ["Message", "Typed before hydration"],
        ],
      },
      {
        path: "/signin",
        fields: [
          ["Email", "early@example.com"],
          ["Password", "typed-early-1"],
        ],
      },
      {
        path: "/signup",
        fields: [
          ["Full Name", "Early Typist"],
          ["Email", "early@example.com"],
          ["Password", "typed-early-1"],
        ],
      },
      { path: "/forgot-password", fields: [["Email", "early@example.com"]] },
    ];
    for (const f of forms) {
      const { page, context } = await openPage(e2e.browser);
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${e2e.url}${f.path}`, { waitUntil: "commit" });
      const scope = f.scope ? page.locator(f.scope) : page.locator("main");
      for (const [label, value] of f.fields) await scope.getByLabel(new RegExp(`^${label}`)).fill(value);
      expect(await page.evaluate(hydrated)).toBe(false);
      release();
      await page.waitForFunction(hydrated);
      // A marketing page hydrates island by island, the contact form once it nears the viewport: wait for its own.
      if (f.scope) await page.locator(`[data-island][data-hydration="done"]:has(${f.scope})`).waitFor({ state: "attached" });
      for (const [label, value] of f.fields) expect(await scope.getByLabel(new RegExp(`^${label}`)).inputValue(), `${f.path} ${label}`).toBe(value);
      await context.close();
    }
  }, 150_000);
});
