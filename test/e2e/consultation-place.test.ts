// How a video consultation is joined: a manager sets its meeting link in the type's settings (a bad one is refused
// beside the field), the visitor's confirmation page links to it, and the staff agenda does too; an empty day on the
// agenda names the next meeting, and a meeting's first control is joining it, never cancelling it. Axe-clean and no
// wider than the screen at 360 and 1280 px.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosInstant, lagosToday } from "../../server/domain/calendar.ts";
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
    const agendaJoin = page.getByRole("listitem").filter({ hasText: "Ngozi Eze" }).getByRole("link", { name: "Join the video call with Ngozi Eze" });
    expect(await agendaJoin.getAttribute("href")).toBe(LINK);
    await atBothWidths(page, "agenda-video");
    // The refused link's answer is a 400, which the browser logs; nothing else.
    expect(admin.problems).toEqual(["console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await admin.context.close();
  }, 240_000);
});

describe.skipIf(!e2eEnabled)("the agenda on a day without consultations", () => {
  it("names the next one, and a booking's first control is joining the call, with cancelling last and behind a disclosure", async () => {
    const emeka = await makeStaff(e2e, { fullName: "Emeka Obi" });
    await takesConsultations(e2e.db, emeka.id);
    const typeId = await makeConsultationType(e2e.db, { name: "Video advice" });
    await e2e.db("consultation_types").where({ id: typeId }).update({ video_url: LINK });
    const tomorrow = addDays(lagosToday(), 1);
    const startsAt = lagosInstant(tomorrow, 10 * 60);
    await e2e.db("bookings").insert({
      type_id: typeId,
      staff_id: emeka.id,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      blocked_until: new Date(startsAt.getTime() + 45 * 60_000),
      name: "Adaeze Nwosu",
      email: "adaeze@example.com",
      phone: "+2348035550000",
      destination: "Germany",
      visa_type: "work",
      uid: `agenda-next@${e2e.url}`,
    });

    const admin = await signInAs(e2e, emeka);
    const { page } = admin;
    await page.goto(`${e2e.url}/admin/agenda?staff=${emeka.id}`);
    const when = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Africa/Lagos",
    }).format(startsAt);
    await page.getByText(`Nothing today — next: ${when}, Adaeze Nwosu`).waitFor();
    await page.getByRole("region", { name: "Coming up" }).getByText("Adaeze Nwosu").waitFor();
    await atBothWidths(page, "agenda-nothing-today");

    await page
      .getByRole("link", { name: `${when}, Adaeze Nwosu` })
      .first()
      .click();
    await page.waitForURL(/from=/);
    expect(new URL(page.url()).searchParams.get("from")).toBe(tomorrow);
    const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Adaeze Nwosu/ }) });
    // The booking's controls in the order a keyboard meets them.
    const controls = await entry.evaluate((li) =>
      [...li.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")].map((el) => el.textContent?.trim() ?? ""),
    );
    expect(controls[0]).toBe("Join video call");
    expect(controls[0]).not.toMatch(/cancel/i);
    expect(controls.slice(0, -3).some((c) => /cancel/i.test(c))).toBe(false);
    expect(await entry.getByRole("link", { name: "Join the video call with Adaeze Nwosu" }).getAttribute("href")).toBe(LINK);
    // Cancelling is still there, behind its disclosure, at the end.
    expect(await entry.getByRole("button", { name: "Cancel consultation" }).isVisible()).toBe(false);
    await entry.getByText("Cancel this consultation…").click();
    await entry.getByRole("button", { name: "Cancel consultation" }).waitFor();
    await atBothWidths(page, "agenda-next-day");
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  }, 240_000);
});
