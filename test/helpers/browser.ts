// playwright-core on the system Chromium; collects console errors and hydration warnings so tests can fail on them.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { freshCode } from "./twoFactor.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM_PATH);

/** Without Chromium the browser tests are skipped loudly, except under CI where that is a failure. */
export function browserTestsEnabled(): boolean {
  if (hasChromium) return true;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: browser tests are required in CI.`);
  console.warn(`\n!!! Chromium not found at ${CHROMIUM_PATH}: BROWSER TESTS SKIPPED. Install it (apt-get install chromium) or set CHROMIUM_PATH.\n`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and React hydration warnings seen so far. */
  problems: string[];
}

const HYDRATION = /hydrat|did not match|server rendered HTML/i;

export async function openPage(browser: Browser, opts: { width?: number; height?: number; javaScriptEnabled?: boolean } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" || HYDRATION.test(text)) problems.push(`console.${msg.type()}: ${text}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return { page, context, problems };
}

/** After "Sign In" on the password form of an account with two-factor: types a code the server takes on the code page. */
export async function giveSignInCode(page: Page, totpSecret: string): Promise<void> {
  await page.getByRole("heading", { name: "Enter your sign-in code" }).waitFor();
  await page.getByRole("textbox", { name: "Code" }).fill(await freshCode(totpSecret));
  await page.getByRole("button", { name: "Sign In" }).click();
}
