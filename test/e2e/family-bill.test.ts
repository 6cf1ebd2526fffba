// A family group's one bill in the browser: staff set a family rate on the lead's case (the bill's card, at 360 and
// 1280 px), and the lead applicant's payment page lists each person's service fee at that rate. Checked with axe.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths, PHONE } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
let parent: TestUser;
let staff: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  parent = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
  staff = await makeStaff(e2e, { fullName: "Kemi Manager" });
});

describe.skipIf(!e2eEnabled)("a family group's one bill", () => {
  it("takes a family rate from staff and shows the applicant each person's fee on the lead's payment page", async () => {
    const lead = await insertApplication(e2e, parent.id, { reference: "VA-2026-FAMBIL", status: "submitted", fields: { full_name: "Ngozi Eze" } });
    for (const [reference, name] of [
      ["VA-2026-FAMBI1", "Chiamaka Eze"],
      ["VA-2026-FAMBI2", "Ifeoma Eze"],
    ]) {
      const member = await insertApplication(e2e, parent.id, { reference, status: "submitted", fields: { full_name: name } });
      await e2e.db("visa_applications").where({ id: member }).update({ group_lead_id: lead, group_relation: "child" });
    }

    const desk = await signInAs(e2e, staff);
    await desk.page.goto(`${e2e.url}/admin/application/${lead}`);
    await desk.page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await desk.page.getByText("Set the family rate").click();
    const form = desk.page.getByRole("form", { name: "Family rate" });
    await form.getByLabel("Members' service fee, % of the price list").fill("50");
    await form.getByLabel("Why").fill("Two children travelling with a parent");
    await form.getByRole("button", { name: "Set family rate" }).click();
    await desk.page.getByText("Family rate: each member pays 50% of the price list (the lead pays the full fee).").waitFor();
    await atBothWidths(desk.page, "family-bill-staff");
    expect(desk.problems).toEqual([]);

    const { page, problems } = await signInAs(e2e, parent);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.url}/payment/${lead}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    for (const name of ["Ngozi Eze", "Chiamaka Eze", "Ifeoma Eze"])
      await page
        .getByText(new RegExp(`Service fee: ${name}`))
        .first()
        .waitFor();
    await atBothWidths(page, "family-bill-payment");
    expect(problems).toEqual([]);
  });
});
