// The application wizard and the application page as an applicant meets them on a phone (360 px): step 7's documents
// (each item's state in its own card, "Replace …" once a file is there, never replacing a file not chosen), submitting
// after one question, errors that do not outlive their step, and a rejected application's way forward first.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { answerConfirm } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";
import { PDF } from "../helpers/files.ts";

const e2e = setupE2E();
const fixtureDir = mkdtempSync(path.join(tmpdir(), "vs-phone-"));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));
function fixture(name: string, bytes: Buffer): string {
  const file = path.join(fixtureDir, name);
  writeFileSync(file, bytes);
  return file;
}

const PHONE = { width: 360, height: 780 };
const STUDY_CANADA = {
  visa_type: "study",
  destination_country: "Canada",
  visa_specific_data: { institution_name: "University of Toronto", course_of_study: "MSc Data Science", study_duration: "2 years" },
};

async function openAs(fullName: string, reference: string, opts: { status?: string; step?: number } = {}) {
  const user = await makeUser(e2e.db, { fullName });
  const id = await insertApplication(e2e, user.id, { reference, status: opts.status ?? "draft", step: opts.step, fields: STUDY_CANADA });
  const watched = await signInAs(e2e, user);
  await watched.page.setViewportSize(PHONE);
  return { ...watched, id };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe.skipIf(!e2eEnabled)("the wizard on a phone", () => {
  it("step 7 keeps each item's state inside its card, says Replace once a file is there, and is short enough", async () => {
    const { page, problems, context, id } = await openAs("Chiamaka Obi", "VA-PHONE-DOCS", { step: 7 });
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Step 7 of 8: Supporting Documents" }).waitFor();
    const item = (label: string) => page.getByRole("listitem", { name: label, exact: true });

    // Each item is one card: its label, Required/Optional, its state and its button are in the same box, so neither
    // the eye nor a screen reader takes one item's state for the next one's.
    const cards = await page.$$eval("li[aria-label]", (items) =>
      items.map((li) => {
        const card = li.firstElementChild as HTMLElement;
        const box = card.getBoundingClientRect();
        const state = [...card.querySelectorAll("p")].find((p) => p.textContent === "Not uploaded yet");
        const stateBox = state?.getBoundingClientRect();
        return {
          label: li.getAttribute("aria-label"),
          children: li.children.length,
          bordered: getComputedStyle(card).borderTopWidth !== "0px",
          stateInside: Boolean(stateBox && stateBox.top >= box.top && stateBox.bottom <= box.bottom),
        };
      }),
    );
    expect(cards.length).toBe(7);
    for (const c of cards) expect(c, String(c.label)).toMatchObject({ children: 1, bordered: true, stateInside: true });

    // A language keeps its capital inside the button's sentence.
    await item("English or French test result").getByRole("button", { name: "Upload English or French test result" }).waitFor();

    const acceptance = item("Letter of acceptance");
    await acceptance.locator("input[type=file]").setInputFiles(fixture("admission.pdf", PDF));
    await acceptance.getByRole("link", { name: "admission.pdf" }).waitFor();
    await acceptance.getByRole("button", { name: "Replace letter of acceptance" }).waitFor();
    expect(await acceptance.getByText("Not uploaded yet").count()).toBe(0);

    // The step at 360 px: with its seven items it once took over 3,200 px.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2700);

    // "Proof of funds" is stored as the bank statement: "Another document" does not offer to replace it.
    const funds = item("Proof of funds");
    await funds.locator("input[type=file]").setInputFiles(fixture("funds.pdf", PDF));
    await funds.getByRole("link", { name: "funds.pdf" }).waitFor();
    await page.getByLabel("Document type").selectOption("bank_statement");
    await page
      .getByText("This type holds your file for “Proof of funds” above (one file per type): to change that file, use its Replace button.")
      .waitFor();
    expect(await page.getByLabel("Supporting document").count()).toBe(0);
    await page.getByLabel("Document type").selectOption("transcript");
    await page.getByLabel("Supporting document").waitFor();
    await atBothWidths(page, "wizard-step-7");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("submits only once the applicant says yes to the question naming the application", async () => {
    const { page, problems, context, id } = await openAs("Emeka Nnamdi", "VA-PHONE-SUBMIT", { step: 8 });
    await page.goto(`${e2e.url}/visa-application/${id}/review`);
    await hydrated(page);
    const submit = page.getByRole("button", { name: "Submit Application" });
    const status = async () => (await e2e.db("visa_applications").where({ id }).first("status")).status;

    const declined = answerConfirm(page, false);
    await submit.click();
    expect(await declined).toBe("Submit VA-PHONE-SUBMIT now? You cannot edit it afterwards.");
    // Nothing was sent: still a draft, still on the review with its button ready.
    await page.waitForTimeout(300);
    expect(await status()).toBe("draft");
    expect(page.url()).toBe(`${e2e.url}/visa-application/${id}/review`);
    expect(await submit.isEnabled()).toBe(true);

    const accepted = answerConfirm(page);
    await submit.click();
    expect(await accepted).toBe("Submit VA-PHONE-SUBMIT now? You cannot edit it afterwards.");
    await page.waitForURL(`${e2e.url}/application/${id}/submitted`);
    expect(await status()).toBe("submitted");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leaves step 1's error behind: on step 2 neither its toast nor its field message is shown", async () => {
    const user = await makeUser(e2e.db, { fullName: "Bisi Adewale" });
    const { page, problems, context } = await signInAs(e2e, user);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/visa-application/new`);
    await hydrated(page);
    await page.getByRole("button", { name: "Next" }).click();
    const toast = page.getByText("Check the message under the field.", { exact: true });
    const field = page.getByText("Please select a visa type to continue", { exact: true });
    await toast.waitFor();
    await field.waitFor();

    await page.getByText("Student Visa").click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Step 2 of 8: Personal Details" }).waitFor();
    // Closed as the step changes, not when its five seconds are up.
    await toast.waitFor({ state: "hidden", timeout: 1500 });
    expect(await field.count()).toBe(0);
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Step 1 of 8: Visa Type" }).waitFor();
    expect(await field.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a rejected application's page offers starting again first, under its status and before the messages", async () => {
    const { page, problems, context, id } = await openAs("Tunde Bakare", "VA-PHONE-REJECT", { status: "rejected" });
    await page.goto(`${e2e.url}/application/${id}`);
    await hydrated(page);
    const start = page.getByRole("button", { name: "Start a new application from this one" });
    await start.waitFor();
    expect(await start.count()).toBe(1);
    // Reading order: the heading, the status, the way forward, and only then the history, messages and payment.
    const order = await page.evaluate(() => {
      const at = (el: Element | null) => (el ? [...document.querySelectorAll("body *")].indexOf(el) : -1);
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Start a new application from this one"));
      const heading = (text: string) => [...document.querySelectorAll("h1, h2")].find((h) => h.textContent?.trim() === text) ?? null;
      return {
        title: at(document.querySelector("h1")),
        start: at(button ?? null),
        history: at(heading("Status history")),
        messages: at(heading("Messages")),
        payment: at(heading("Payment")),
      };
    });
    expect(order.title).toBeGreaterThan(-1);
    expect(order.start).toBeGreaterThan(order.title);
    expect(order.start).toBeLessThan(order.history);
    expect(order.start).toBeLessThan(order.messages);
    expect(order.start).toBeLessThan(order.payment);
    // On a phone it is on the first screen.
    const box = await start.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // It stands out from the white cards around it: its own tint, not the default card's white.
    const background = await page
      .locator("section[aria-labelledby='start-again']")
      .evaluate((s) => getComputedStyle(s.parentElement as Element).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await atBothWidths(page, "rejected-application");
    expect(problems).toEqual([]);
    await context.close();
  });
});
