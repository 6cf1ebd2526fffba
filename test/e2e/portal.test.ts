// The applicant's journey in the browser: a new application through the wizard, review, submit; a checklist.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { answerConfirm, openPage } from "../helpers/browser.ts";
import { daysFromToday } from "../helpers/dates.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { JPEG, PDF, PNG } from "../helpers/files.ts";
import { signedAgreement } from "../helpers/signatures.ts";

const e2e = setupE2E();
const fixtureDir = mkdtempSync(path.join(tmpdir(), "vs-fixtures-"));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));
/** Writes a real file to disk for the browser's file picker. */
function fixture(name: string, bytes: Buffer): string {
  const file = path.join(fixtureDir, name);
  writeFileSync(file, bytes);
  return file;
}

async function signUp(page: Page, email: string) {
  await page.goto(`${e2e.url}/signup`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Full Name").fill("Yetunde Afolabi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${e2e.url}/dashboard`);
}

const next = (page: Page) => page.getByRole("button", { name: "Next" }).click();
const heading = (page: Page, text: string) => page.getByRole("heading", { name: text }).waitFor();

describe.skipIf(!e2eEnabled)("applicant portal in the browser", () => {
  it("walks a new application from the dashboard to a submitted card", async () => {
    const { page, problems, context } = await openPage(e2e.browser);
    await signUp(page, "yetunde@example.com");
    await page.getByText("No applications yet", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "New Application" }).click();
    await heading(page, "Step 1 of 8: Visa Type");
    await next(page);
    await page.getByText("Please select a visa type to continue", { exact: true }).first().waitFor();
    await page.getByText("Student Visa").click();
    await next(page);
    await heading(page, "Step 2 of 8: Personal Details");
    await page.waitForURL(/\/visa-application\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop();
    expect(await page.evaluate(() => history.length)).toBeLessThan(5);
    await page.getByLabel("Full name (as on passport)").fill("Yetunde Afolabi");
    await page.getByLabel("Date of birth").fill("1998-07-21");
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Marital status").selectOption("single");
    await page.getByLabel("Nationality").fill("Nigerian");
    await page.getByRole("button", { name: "Save Progress" }).click();
    await page.getByText("Progress saved successfully", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await next(page);

    await heading(page, "Step 3 of 8: Passport Details");
    await page.getByLabel("Passport number").fill("B98765432");
    await page.getByLabel("Issuing country").fill("Nigeria");
    await page.getByLabel("Issue date").fill(daysFromToday(-2 * 365));
    await page.getByLabel("Expiry date").fill(daysFromToday(8 * 365));
    await page.getByLabel("Passport scan").setInputFiles(fixture("passport-scan.pdf", PDF));
    await page.getByText("File uploaded successfully", { exact: true }).waitFor();
    await page.getByLabel("Passport photo").setInputFiles(fixture("photo.png", PNG));
    await page.getByRole("img", { name: "Passport photo preview" }).waitFor();
    expect(await page.getByText("File uploaded successfully", { exact: true }).count()).toBeGreaterThan(0);
    await page.getByLabel("Passport photo").setInputFiles(fixture("photo2.jpg", JPEG));
    await page.getByText("Replaced", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await next(page);

    await heading(page, "Step 4 of 8: Contact Information");
    await page.locator("input[name=phone]").fill("+2348020001111");
    await page.getByLabel("Email").fill("yetunde@example.com");
    await page.getByLabel("Residential address").fill("12 Bode Thomas Street, Surulere, Lagos");
    await page.getByLabel("Emergency contact name").fill("Kunle Afolabi");
    await page.getByLabel("Emergency contact phone").fill("+2348020002222");
    await next(page);

    await heading(page, "Step 5 of 8: Travel Details");
    await page.getByLabel("Destination country").fill("Canada");
    await page.getByLabel("Arrival date").fill(daysFromToday(270));
    await page.getByLabel("Departure date").fill(daysFromToday(270 + 2 * 365));
    await page.getByLabel("Purpose of travel").fill("Master's degree");
    await next(page);

    await heading(page, "Step 6 of 8: Visa-Specific Info");
    await page.getByLabel("Institution name").fill("University of Toronto");
    await page.getByLabel("Course of study").fill("MSc Data Science");
    await page.getByLabel("Study duration").fill("2 years");
    await next(page);

    await heading(page, "Step 7 of 8: Supporting Documents");
    // The list for the visa type and the destination given at step 5 (saved on Next), each item with its state.
    await page.getByRole("heading", { name: "Documents for your application" }).waitFor();
    await page.getByText("Study permit, Canada: what applicants from Nigeria are asked for.").waitFor();
    await page.getByText("0 of 5 required documents uploaded").waitFor();
    const item = (label: string) => page.getByRole("listitem", { name: label, exact: true });
    const acceptance = item("Letter of acceptance");
    await acceptance.getByText("Required", { exact: true }).waitFor();
    await acceptance.getByText("Not uploaded yet", { exact: true }).waitFor();
    await acceptance.getByText("From a designated learning institution", { exact: false }).waitFor();
    await acceptance.locator("input[type=file]").setInputFiles(fixture("admission.pdf", PDF));
    await page.getByText("Document uploaded successfully", { exact: true }).waitFor();
    await acceptance.getByRole("link", { name: "admission.pdf" }).waitFor();
    await page.getByText("1 of 5 required documents uploaded").waitFor();
    // Two items stored as 'other' each keep their own file.
    await item("Study plan").locator("input[type=file]").setInputFiles(fixture("plan.pdf", PDF));
    await item("Study plan").getByRole("link", { name: "plan.pdf" }).waitFor();
    const language = item("English or French test result");
    await language.getByText("Optional", { exact: true }).waitFor();
    await language.locator("input[type=file]").setInputFiles(fixture("ielts.png", PNG));
    await language.getByRole("link", { name: "ielts.png" }).waitFor();
    await item("Study plan").getByRole("link", { name: "plan.pdf" }).waitFor();
    await page.getByText("2 of 5 required documents uploaded").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Any other document still goes by type, listed apart from the list's items.
    await page.getByLabel("Document type").selectOption("transcript");
    await page.getByLabel("Supporting document").setInputFiles(fixture("transcript.png", PNG));
    await page.getByRole("link", { name: "transcript.png" }).waitFor();
    await page.getByLabel("Document type").selectOption("other");
    await page.getByLabel("Supporting document").setInputFiles(fixture("notes.pdf", PDF));
    await page.getByRole("link", { name: "notes.pdf" }).waitFor();
    await page.getByRole("button", { name: "Delete Other document" }).click();
    await page.getByText("Document deleted successfully", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "notes.pdf" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await next(page);
    await heading(page, "Step 8 of 8: Declarations");
    await page.getByLabel("I have been refused a visa or entry to any country before.").check();
    await page.getByLabel("Visa refusal details (country, year, reason)").fill("UK, 2022, insufficient funds evidence");
    await page.getByRole("button", { name: "Review Application" }).click();

    await page.waitForURL(`${e2e.url}/visa-application/${id}/review`);
    await heading(page, "Review Your Application");
    await page.getByText("UK, 2022, insufficient funds evidence").waitFor();
    // The required documents still missing are named, and only warn.
    const notYet = page.getByRole("heading", { name: "Documents for your application not uploaded yet" });
    await notYet.waitFor();
    // The card of what is missing (the innermost block holding its heading) names what is not uploaded, and not the
    // letter of acceptance, which is listed with the uploaded files under its item's name.
    const missingCard = page.locator("div").filter({ has: notYet }).last();
    await missingCard.getByText("Family information form (IMM 5707)", { exact: false }).waitFor();
    expect(await missingCard.getByText("Letter of acceptance", { exact: false }).count()).toBe(0);
    expect(await page.getByText("Letter of acceptance", { exact: false }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Submitting asks once, naming the application: a submitted one cannot be edited.
    const submitAsked = answerConfirm(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitAsked).toMatch(/^Submit VA-.+ now\? You cannot edit it afterwards\.$/);
    await page.waitForURL(`${e2e.url}/application/${id}/submitted`);
    await page.getByText("Application submitted successfully!", { exact: true }).waitFor();
    await heading(page, "What happens next");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    const card = page.getByRole("listitem", { name: /Student Visa/ });
    await card.getByText("Submitted", { exact: true }).waitFor();
    await card.getByRole("link", { name: "Pay the fee" }).waitFor();

    await card.getByRole("link", { name: "Student Visa" }).click();
    await page.waitForURL(`${e2e.url}/application/${id}`);
    await page.getByRole("link", { name: "Pay Now" }).waitFor();
    expect(await page.locator("[data-status=submitted]").count()).toBe(2);
    await page.getByText("Yetunde Afolabi").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Its service agreement signed (its own page is tested in agreement.test.ts).
    await signedAgreement(e2e.db, id as string);
    await page.getByRole("link", { name: "Pay Now" }).click();
    await heading(page, "Pay the application fee");
    await page.getByText("No real payment is processed", { exact: false }).waitFor();
    await page.getByLabel("Cardholder name").fill("Yetunde Afolabi");
    await page.getByLabel("Card number").pressSequentially("4111111111111111");
    expect(await page.getByLabel("Card number").inputValue()).toBe("4111 1111 1111 1111");
    await page.getByLabel("Expiry (MM/YY)").pressSequentially("1229");
    expect(await page.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/29");
    await page.getByLabel("CVV").fill("123");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Pay ₦310,000" }).click();
    await page.getByText("Payment of ₦310,000 processed successfully", { exact: true }).waitFor();
    await page.waitForURL(`${e2e.url}/application/${id}`);
    await page.getByText("Paid", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Pay Now" }).count()).toBe(0);
    await page.getByRole("link", { name: "View receipt" }).click();
    await heading(page, "Payment receipt");
    await page.getByText("₦310,000", { exact: false }).first().waitFor();
    await page.goto(`${e2e.url}/payment/${id}`);
    await page.waitForURL(`${e2e.url}/application/${id}`);
    await page.getByText("This application has already been paid for", { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
    // The whole journey, eight steps to a paid card with eleven accessibility scans: 37–47 s on a quiet machine, so the
    // browser project's 60 s left too little room when the machine is busy. Each step still waits on what it needs.
  }, 120_000);

  it("walks a checklist from new to completed", async () => {
    const { page, problems, context } = await openPage(e2e.browser, { width: 360, height: 740 });
    await signUp(page, "checklist@example.com");
    await page.getByRole("link", { name: "Start a checklist" }).click();
    await heading(page, "New Checklist");
    await page.getByText("Step 1 of 5").waitFor();
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    const answers = ["Segun Ade", "segun@example.com", "+2348030000000", "United Kingdom", "Travelling with my spouse"];
    for (const [i, answer] of answers.entries()) {
      await page.getByText(`Step ${i + 1} of 5`).waitFor();
      await page.locator(`[name=step-${i + 1}]`).fill(answer);
      if (i < 4) await next(page);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save & Complete" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    await page.getByText("Checklist saved successfully", { exact: true }).waitFor();
    await page.getByText("Completed · next: your application, with these answers filled in", { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
