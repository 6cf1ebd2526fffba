// How a video consultation is joined: a manager sets its meeting link in the type's settings (a bad one is refused
// beside the field), the visitor's confirmation page links to it, and the staff agenda does too; axe-clean and no
// wider than the screen at 360 and 1280 px.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { openPage } from "../helpers/browser.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import type { TestUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const LINK = "https://meet.google.com/abc-defg-hij";
let staff: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  staff = await makeStaff(e2e, { fullName: "Funke Adebayo" });
  await takesConsultations(e2e.db, staff.id);
  await makeConsultationType(e2e.db, { name: "Video consultation" });
}, 120_000);

describe.skipIf(!e2eEnabled)("joining a video consultation", () => {
  it("the link set in the type's settings is on the confirmation page and the staff agenda", async () => {
    const admin = await signInAs(e2e, staff);
    const { page } = admin;
    await page.goto(`${e2e.url}/admin/consultations`);
    // A type without its link says so, with its form open.
    await page.getByText("No meeting link yet").waitFor();
    const form = page.getByRole("form", { name: "How Video consultation happens" });
    // An address the browser takes as a URL, refused by the server.
    await form.getByLabel("Meeting link").fill("http://meet.google.com/abc-defg-hij");
    await form.getByRole("button", { name: "Save how it happens" }).click();
    const refused = page.getByRole("form", { name: "How Video consultation happens" });
    await refused.getByText("The meeting link must start with https://").waitFor();
    expect(await refused.getByLabel("Meeting link").getAttribute("aria-invalid")).toBe("true");
    expect(await refused.getByLabel("Meeting link").inputValue()).toBe("http://meet.google.com/abc-defg-hij");
    await atBothWidths(page, "consultation-type-refused");
    expect((await e2e.db("consultation_types").where({ name: "Video consultation" }).first()).video_url).toBeNull();
    await refused.getByLabel("Meeting link").fill(LINK);
    await refused.getByRole("button", { name: "Save how it happens" }).click();
    await page.getByText(`Join: ${LINK}`).waitFor();
    expect(await page.getByText("No meeting link yet").count()).toBe(0);

    const visitor = await openPage(e2e.browser);
    const v = visitor.page;
    await v.goto(`${e2e.url}/book`);
    await v.getByRole("link", { name: /Video consultation/ }).click();
    await v.getByRole("navigation", { name: "Days with free times" }).getByRole("link").first().click();
    await v
      .getByRole("group", { name: /^Time on / })
      .getByRole("radio")
      .first()
      .check();
    await v.getByLabel("Full name").fill("Ngozi Eze");
    await v.getByLabel("E-mail").fill("ngozi@example.com");
    await v.getByLabel("Phone").fill("0803 555 1234");
    await v.getByLabel("Destination country").fill("Canada");
    await v.getByLabel("Visa type").selectOption("study");
    await v.getByRole("button", { name: "Book this time" }).click();
    await v.getByRole("heading", { name: "Consultation booked" }).waitFor();
    const join = v.getByRole("link", { name: LINK });
    expect(await join.getAttribute("href")).toBe(LINK);
    await atBothWidths(v, "consultation-booked-video");
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    await page.goto(`${e2e.url}/admin/agenda?range=week`);
    await page.getByText("Ngozi Eze").first().waitFor();
    const agendaJoin = page
      .getByRole("listitem")
      .filter({ hasText: "Ngozi Eze" })
      .getByRole("link", { name: new RegExp(`Join.*${LINK}`) });
    expect(await agendaJoin.getAttribute("href")).toBe(LINK);
    await atBothWidths(page, "agenda-video");
    // The refused link's answer is a 400, which the browser logs; nothing else.
    expect(admin.problems).toEqual(["console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await admin.context.close();
  }, 240_000);
});
