// An adult family member's own sign-in, in the browser at 360 px: the parent invites their spouse from the group's
// page, the spouse opens the e-mail's link signed out, signs in on the page it leads to, accepts, and lands on their
// own steps, told whose family application it is and that the lead submits it. Checked with axe at both widths.
import { beforeAll, describe, expect, it } from "vitest";
import { issueInvitationToken } from "../../server/models/familyInvitations.ts";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, insertApplication, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let parent: TestUser;
let spouse: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  parent = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
  spouse = await makeUser(e2e.db, { fullName: "Emeka Eze", email: "emeka.eze@example.com" });
});

describe.skipIf(!e2eEnabled)("a family member's own sign-in", () => {
  it("is offered by the lead, and accepted by the member on a phone after signing in from the link", async () => {
    const lead = await insertApplication(e2e, parent.id, { reference: "VA-2026-FAMINV", status: "draft", fields: { full_name: "Ngozi Eze" } });
    const { page, problems } = await signInAs(e2e, parent);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/application/${lead}/family`);
    await page.getByLabel("How are they related to you?").selectOption("spouse");
    await page.getByLabel("Full name, as in their passport").fill("Emeka Eze");
    await page.getByLabel("Date of birth").fill("1984-07-19");
    await page.getByRole("button", { name: "Add to my group" }).click();
    await page.getByRole("heading", { name: /^Step 2 of 8/ }).waitFor();

    await page.goto(`${e2e.url}/application/${lead}/family`);
    await page.getByRole("heading", { name: "Their own sign-in" }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByRole("form", { name: "Invite Emeka Eze to sign in" });
    await form.getByLabel("Their e-mail address").fill("emeka.eze@example.com");
    await form.getByRole("button", { name: "Invite to sign in" }).click();
    await page.getByText("Invitation sent", { exact: true }).waitFor();
    await page.getByText(/^Invitation sent to emeka\.eze@example\.com on /).waitFor();
    await atBothWidths(page, "family-sign-ins");
    expect(problems).toEqual([]);

    // The spouse's phone: the e-mail's link, signed out.
    const member = await e2e.db("visa_applications").where({ group_lead_id: lead }).first("id");
    const invitation = await e2e.db("family_invitations").where({ application_id: member.id }).first("id");
    const token = await issueInvitationToken(e2e.db, invitation.id);
    const phone = await openPage(e2e.browser, PHONE);
    await phone.page.goto(`${e2e.url}/family/invitation?token=${token}`);
    await phone.page.getByRole("heading", { name: "Your family application" }).waitFor();
    await phone.page.getByText("Ngozi Eze added Emeka Eze to their family's visa application").waitFor();
    await atBothWidths(phone.page, "family-invitation-signed-out");
    await phone.page.setViewportSize(PHONE);
    await phone.page.getByRole("link", { name: "Sign in or create an account" }).click();
    await phone.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await phone.page.getByLabel("Email").fill(spouse.email);
    await phone.page.getByLabel("Password").fill(spouse.password);
    await phone.page.getByRole("button", { name: "Sign In" }).click();
    await phone.page.getByRole("button", { name: "Accept and continue" }).click();
    await phone.page.getByRole("heading", { name: /^Step 2 of 8/ }).waitFor();
    await phone.page.getByText(/^Your part of Ngozi Eze's family application/).waitFor();
    expect(await phone.page.getByRole("link", { name: "Your family group" }).count()).toBe(0);
    await atBothWidths(phone.page, "family-member-wizard");
    expect((await e2e.db("visa_applications").where({ id: member.id }).first("member_user_id")).member_user_id).toBe(spouse.id);
    expect(phone.problems).toEqual([]);
  });
});
