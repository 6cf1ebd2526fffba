// Accounts in the browser: sign-up, sign-out, the /auth round trip, and sign-in without JavaScript.
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";

const e2e = setupE2E();

async function makeAccount(email: string, password: string) {
  await e2e.db("users").insert({ email, full_name: "Ngozi Eze", password_hash: await hashPassword(password) });
}

describe.skipIf(!e2eEnabled)("accounts in the browser", () => {
  it("signs up, lands on the dashboard, signs out and lands on /auth", async () => {
    const { page, problems, context } = await openPage(e2e.browser, { width: 390, height: 844 });
    await page.goto(`${e2e.url}/signup`);
    await page.getByRole("heading", { name: "Start Your Journey" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Full Name").fill("Ifeoma Chukwu");
    await page.getByLabel("Email").fill("ifeoma@example.com");
    await page.getByLabel("Password").fill("secret-123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByText("Account created successfully. Redirecting to dashboard...", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${e2e.url}/auth`);
    await page.goto(`${e2e.url}/dashboard`);
    await page.waitForURL(/\/auth\?next=%2Fdashboard$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor of /dashboard to /auth and back after sign-in", async () => {
    await makeAccount("emeka@example.com", "pass-word-1");
    const { page, problems, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.url}/dashboard`);
    await page.waitForURL(/\/auth\?next=/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Email").fill("emeka@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Login Error", { exact: true }).waitFor();
    await page.getByText("Invalid email or password").first().waitFor();
    await page.getByLabel("Password").fill("pass-word-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByText("Welcome back!", { exact: true }).waitFor();
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await context.close();
  });

  it("signs in with JavaScript disabled", async () => {
    await makeAccount("nojs@example.com", "pass-word-2");
    const { page, context } = await openPage(e2e.browser, { javaScriptEnabled: false });
    await page.goto(`${e2e.url}/signin`);
    await page.getByLabel("Email").fill("nojs@example.com");
    await page.getByLabel("Password").fill("pass-word-2");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    expect(await page.getByRole("heading", { name: "Your Visa Applications" }).count()).toBe(1);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${e2e.url}/auth`);
    await context.close();
  });
});
