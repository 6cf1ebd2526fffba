// playwright-core on the system Chromium; collects console errors and hydration warnings so tests can fail on them.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Dialog, type Page } from "playwright-core";
import { CHROMIUM_DEFAULT } from "../prerequisites.mjs";
import { freshCode } from "./twoFactor.ts";

/** The browser tests' Chromium: the headless shell test/prerequisites.mjs installs, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT;
/** The full browser, for figures a visitor's browser would show (the weight bench) and the icons. */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Without Chromium the browser tests fail, so a local run never looks green while islands and portal flows went
 * untested; SKIP_BROWSER=1 skips them on purpose, with a loud warning.
 */
export function browserTestsEnabled(): boolean {
  if (process.env.SKIP_BROWSER === "1") {
    console.warn("\n!!! SKIP_BROWSER=1: BROWSER TESTS SKIPPED.\n");
    return false;
  }
  if (existsSync(CHROMIUM_PATH)) return true;
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium-headless-shell), set CHROMIUM_PATH, or set SKIP_BROWSER=1 to skip the browser tests.`,
  );
}

export function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({
    executablePath,
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

/**
 * Answers the page's next confirm() (accepts unless told otherwise) and resolves to the sentence it asked; fails after
 * `withinMs` when none came, instead of waiting until the test's own timeout says nothing about where it stopped.
 */
export function answerConfirm(page: Page, accept = true, withinMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const answer = async (dialog: Dialog) => {
      clearTimeout(timer);
      const asked = dialog.message();
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(asked);
    };
    const timer = setTimeout(() => {
      page.off("dialog", answer);
      reject(new Error(`the page asked no confirm() within ${withinMs / 1000} s`));
    }, withinMs);
    page.once("dialog", answer);
  });
}
