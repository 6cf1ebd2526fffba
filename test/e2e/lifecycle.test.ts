// The lifecycle in the browser: returned for changes with a note, edited and resubmitted, approved; and answers
// typed into the wizard survive the end of the session.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { answerConfirm, type WatchedPage } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const RETURN_NOTE = "Please give the full address of your hotel in London.";
let staff: TestUser;
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Bisi Ojo" });
  applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
});

/**
 * Types into a field and waits until the field still holds it a moment later. Twice in loaded CI runs a note typed here
 * was gone when Update Status was pressed (the field empty, the status still "Return for changes", nothing in the
 * console): the cause is not found. Typing again keeps the test about the lifecycle; each loss is printed with the
 * page's console problems, so the next one says more.
 */
async function fillAndKeep(watched: WatchedPage, label: string, value: string): Promise<void> {
  const field = watched.page.getByLabel(label);
  for (let attempt = 1; ; attempt++) {
    await field.fill(value);
    await watched.page.waitForTimeout(300);
    const held = await field.inputValue();
    if (held === value) return;
    console.warn(`"${label}" lost what was typed (attempt ${attempt}, it holds ${JSON.stringify(held)}); page problems:`, watched.problems);
    if (attempt === 3) expect(held).toBe(value);
  }
}

describe.skipIf(!e2eEnabled)("the application's life", () => {
  it("staff return it with a note; the applicant sees 'Changes requested', edits and resubmits; staff approve", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-RETURN", status: "submitted" });
    const admin = await signInAs(e2e, staff);
    await admin.page.goto(`${e2e.url}/admin/application/${id}`);
    await admin.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await admin.page.getByLabel("New status").selectOption("draft");
    await admin.page.getByRole("button", { name: "Update Status" }).click();
    // The note is required for a return: asked for next to the field, nothing sent.
    await admin.page.getByText("A note to the applicant is required for this change").waitFor();
    await fillAndKeep(admin, "Note to the applicant", RETURN_NOTE);
    const returned = answerConfirm(admin.page);
    await admin.page.getByRole("button", { name: "Update Status" }).click();
    expect(await returned).toBe("Return VA-2026-RETURN for changes and e-mail Adaeze Nwosu?");
    await admin.page.getByText("Status updated successfully", { exact: true }).waitFor();
    expect((await e2e.db("visa_applications").where({ id }).first()).status).toBe("draft");

    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    const card = page.getByRole("listitem", { name: /VA-2026-RETURN/ });
    await card.getByText("Changes requested:").waitFor();
    await card.getByText(RETURN_NOTE).waitFor();
    await card.getByRole("link", { name: "Changes requested — edit and resubmit" }).waitFor();
    await card.getByRole("link", { name: "Tourist Visa" }).click();
    // Its badge and its history say what happened, and editing is the first thing offered.
    await page.locator("[data-status=draft]").getByText("Changes requested", { exact: true }).first().waitFor();
    await page.getByText("Returned for changes", { exact: true }).waitFor();
    await page.getByRole("region", { name: "Changes requested" }).getByRole("link", { name: "Edit and resubmit" }).waitFor();
    await page.getByRole("region", { name: "Changes requested" }).getByText(RETURN_NOTE).waitFor();
    expect(await page.getByRole("link", { name: "Pay Now" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Edit Application" }).click();
    await page.getByRole("region", { name: "Changes requested" }).getByText(RETURN_NOTE).waitFor();
    // From the declarations (step 8) back to the visa-specific answers (step 6).
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByLabel("Accommodation details").fill("The Bloomsbury Hotel, 16-22 Great Russell Street, London WC1B 3NN");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Review Application" }).click();
    await page.getByRole("heading", { name: "Review Your Application" }).waitFor();
    // Submitting asks once, naming the application: a submitted one cannot be edited.
    const submitAsked = answerConfirm(page);
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect(await submitAsked).toMatch(/^Submit VA-.+ now\? You cannot edit it afterwards\.$/);
    await page.getByText("Application submitted successfully!", { exact: true }).waitFor();
    const resubmitted = await e2e.db("visa_applications").where({ id }).first();
    expect(resubmitted.status).toBe("submitted");
    expect(resubmitted.visa_specific_data.accommodation).toContain("Great Russell Street");

    await admin.page.reload();
    await admin.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await admin.page.getByLabel("New status").selectOption("approved");
    void answerConfirm(admin.page);
    await admin.page.getByRole("button", { name: "Update Status" }).click();
    await admin.page.getByText("Status updated successfully", { exact: true }).waitFor();
    expect((await e2e.db("visa_applications").where({ id }).first()).status).toBe("approved");
    const history = await e2e.db("application_status_history").where({ application_id: id }).orderBy("created_at");
    expect(history.map((h) => [h.status, h.notes])).toEqual([
      ["draft", RETURN_NOTE],
      ["submitted", null],
      ["approved", null],
    ]);
    expect([...admin.problems, ...owner.problems]).toEqual([]);
    await admin.context.close();
    await owner.context.close();
  }, 180_000);

  it("keeps typed answers when the session ends, and offers them back after signing in again", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-KEEPIT", status: "draft", step: 2 });
    const owner = await signInAs(e2e, applicant);
    const { page } = owner;
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Nationality").fill("Nigerian and British");
    // The session ends on the server (as after the idle timeout); the answer was never saved.
    await e2e.db("user_sessions").delete();
    await page.getByRole("button", { name: "Save Progress" }).click();
    await page.getByText("Not authenticated").first().waitFor();

    await page.goto(`${e2e.url}/signin`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Email").fill(applicant.email);
    await page.getByLabel("Password").fill(applicant.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Your Visa Applications" }).waitFor();
    await page.goto(`${e2e.url}/visa-application/${id}`);
    await page.getByRole("heading", { name: "You have answers that were not saved" }).waitFor();
    expect(await page.getByLabel("Nationality").inputValue()).toBe("Nigerian");
    await page.getByRole("button", { name: "Restore my answers" }).click();
    expect(await page.getByLabel("Nationality").inputValue()).toBe("Nigerian and British");
    await page.getByRole("button", { name: "Save Progress" }).click();
    await page.getByText("Progress saved successfully", { exact: true }).waitFor();
    expect((await e2e.db("visa_applications").where({ id }).first()).nationality).toBe("Nigerian and British");
    // Saved: nothing is offered any more.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.getByRole("heading", { name: "You have answers that were not saved" }).count()).toBe(0);
    await owner.context.close();
  }, 120_000);
});
