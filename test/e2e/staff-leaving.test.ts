// A manager on the Staff page in the browser: sees who has a calendar feed and stops one, and gives a leaver's
// consultation that no one could take to a colleague now free; at 360 and 1280 px, with axe.
import { describe, expect, it } from "vitest";
import { addDays, lagosDay, lagosInstant } from "../../server/domain/calendar.ts";
import { atBothWidths } from "../helpers/axe.ts";
import { makeConsultationType, takesConsultations } from "../helpers/consultations.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";

const e2e = setupE2E();

describe.skipIf(!e2eEnabled)("the Staff page after someone leaves", () => {
  it("stops an officer's calendar feed and reassigns a leaver's waiting consultation", { timeout: 180_000 }, async () => {
    const manager = await makeStaff(e2e, { fullName: "Folake Adeyemi" });
    const officer = await makeUser(e2e.db, { officer: true, fullName: "Amaka Feed" });
    await takesConsultations(e2e.db, officer.id);
    await e2e.db("consultation_staff").where({ user_id: officer.id }).update({ feed_token_hash: "a-live-feed" });
    const leaver = await makeUser(e2e.db, { officer: true, fullName: "Dayo Gone" });
    await takesConsultations(e2e.db, leaver.id);
    await e2e.db("users").where({ id: leaver.id }).update({ deactivated_at: new Date() });
    const startsAt = lagosInstant(addDays(lagosDay(new Date()), 7), 10 * 60);
    const [booking] = await e2e
      .db("bookings")
      .insert({
        type_id: await makeConsultationType(e2e.db),
        staff_id: leaver.id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 30 * 60_000),
        blocked_until: new Date(startsAt.getTime() + 45 * 60_000),
        name: "Kemi Lawal",
        email: "kemi@example.com",
        phone: "08031234567",
        destination: "Germany",
        visa_type: "work",
        uid: "kemi-waiting@test",
      })
      .returning("id");

    const { page, problems } = await signInAs(e2e, manager);
    page.on("dialog", (d) => void d.accept());
    await page.goto(`${e2e.url}/admin/staff`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const amaka = page.getByRole("list", { name: "Staff members" }).getByRole("listitem").filter({ hasText: "Amaka Feed" });
    await amaka.getByText("Calendar feed on").waitFor();
    await page.getByRole("heading", { name: "Consultations to reassign" }).waitFor();
    await atBothWidths(page, "staff-leaving");

    await amaka.getByRole("button", { name: "Stop calendar feed of Amaka Feed" }).click();
    await page.getByText("The calendar feed of Amaka Feed was stopped").first().waitFor();
    await amaka.getByText("No calendar feed").waitFor();
    expect((await e2e.db("consultation_staff").where({ user_id: officer.id }).first()).feed_token_hash).toBeNull();

    await page.getByLabel("Who takes Kemi Lawal's consultation").selectOption(officer.id);
    await page.getByRole("button", { name: "Reassign" }).click();
    await page.getByText("Kemi Lawal's consultation now goes to Amaka Feed").first().waitFor();
    await page.getByRole("heading", { name: "Consultations to reassign" }).waitFor({ state: "detached" });
    expect((await e2e.db("bookings").where({ id: booking.id }).first()).staff_id).toBe(officer.id);
    expect(problems).toEqual([]);
  });
});
