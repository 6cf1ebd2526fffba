// The applicant's reminders of a visa-centre appointment: queued at 07:00 Lagos two days before its day and on its
// morning, in the transaction that books it; moved with it (a moved or corrected time replaces the jobs), removed
// when it is marked missed or the biometrics are recorded, and a reminder whose time has passed is not queued. When
// due, the e-mail names the centre, its address, the Lagos date and time, what to bring and the .ics link; a job for
// an appointment no longer current sends nothing, and a job that runs again never sends a second e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppointmentReminderJob,
  appointmentReminderKey,
  sendAppointmentReminder,
} from "../../server/actions/caseStages/appointmentReminders.ts";
import { addDays, lagosDay, lagosInstant } from "../../server/domain/calendar.ts";
import { buildContent } from "../../server/mail/messages.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { bodyText } from "../../server/mail/templates/text.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { signedSheet } from "../helpers/signatures.ts";

let t: TestApp;
let amakaUser: TestUser;
let amaka: Client;
let vfsId: string;

const today = () => lagosDay(new Date());
const actions = () => ({ db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) });

beforeAll(async () => {
  t = await createTestApp();
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  vfsId = (await t.db("visa_centres").where({ name: "VFS Global Lagos" }).first("id")).id;
});
afterAll(() => t.drop());

async function lodgedCase() {
  const applicant = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const app = await insertApp(t.db, applicant.id, {
    status: "approved",
    submitted_at: new Date(),
    assignee_id: amakaUser.id,
    full_name: "Adaeze Nwosu",
    destination_country: "United Kingdom",
  });
  // "Form lodged" needs the applicant's signature of the answer sheet.
  await signedSheet(t.db, app.id);
  await stageForm(app.id, "lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: addDays(today(), -5) }).expect(303);
  return { ...app, applicant };
}

function stageForm(id: string, stage: string, fields: Record<string, string>) {
  let req = amaka.agent.post(`/admin/application/${id}/stages/${stage}?_csrf=${encodeURIComponent(amaka.token)}`);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
}
const book = (id: string, mode: "record" | "move" | "correct", date: string, time = "09:30") =>
  stageForm(id, "appointment", { mode, centre: vfsId, date, time, reference: "LOS-12345" }).expect(303);

const jobsOf = async (id: string) =>
  (await t
    .db("graphile_worker._private_jobs")
    .where("key", "like", `appointment-reminder:${id}:%`)
    .orderBy("run_at")
    .select("key", "run_at", "payload")) as { key: string; run_at: Date; payload: AppointmentReminderJob }[];
const remindersOf = (id: string) => t.db("email_messages").where({ application_id: id, kind: "appointment_reminder" }).select("subject", "data");

describe("appointment reminders", () => {
  it("queues two reminders at 07:00 Lagos, two days before and on the day, and moves them with the appointment", async () => {
    const c = await lodgedCase();
    const day = addDays(today(), 4);
    await book(c.id, "record", day);
    let jobs = await jobsOf(c.id);
    expect(jobs.map((j) => j.key)).toEqual([appointmentReminderKey(c.id, "2d"), appointmentReminderKey(c.id, "morning")]);
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([
      lagosInstant(addDays(day, -2), 420).toISOString(),
      lagosInstant(day, 420).toISOString(),
    ]);
    expect(jobs[1].payload).toMatchObject({ applicationId: c.id, lead: "morning", at: lagosInstant(day, 570).toISOString() });

    // Moved: the same two jobs, at the new day's times, for the new row.
    const later = addDays(today(), 8);
    await book(c.id, "move", later, "11:00");
    jobs = await jobsOf(c.id);
    expect(jobs).toHaveLength(2);
    expect(new Date(jobs[1].run_at).toISOString()).toBe(lagosInstant(later, 420).toISOString());
    const current = await t.db("case_stages").where({ application_id: c.id, stage: "appointment" }).whereNull("ended_at").first();
    expect(jobs.every((j) => j.payload.stageId === current.id && j.payload.at === lagosInstant(later, 660).toISOString())).toBe(true);

    // Corrected to a later time on the same row: the jobs carry the new time.
    await book(c.id, "correct", later, "14:00");
    jobs = await jobsOf(c.id);
    expect(jobs.every((j) => j.payload.at === lagosInstant(later, 840).toISOString())).toBe(true);
  });

  it("queues only the morning reminder for an appointment tomorrow: the two-day one's time has passed", async () => {
    const c = await lodgedCase();
    await book(c.id, "record", addDays(today(), 1));
    expect((await jobsOf(c.id)).map((j) => j.key)).toEqual([appointmentReminderKey(c.id, "morning")]);
  });

  it("sends the reminder once, with the centre, address, Lagos time, what to bring and the calendar link", async () => {
    const c = await lodgedCase();
    const day = addDays(today(), 4);
    await book(c.id, "record", day);
    const [twoDays] = await jobsOf(c.id);
    expect(await sendAppointmentReminder(actions(), twoDays.payload)).toBe("sent");
    // The job runs again (a retry after the e-mail was queued): nothing more.
    expect(await sendAppointmentReminder(actions(), twoDays.payload)).toBe("already_sent");
    const mails = await remindersOf(c.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Reminder: your visa appointment on \w{3} \d{1,2} \w{3}, 09:30$/);
    const content = buildContent("appointment_reminder", mails[0].data, { url: (p) => `https://example.test${p}` });
    const text = bodyText(content);
    expect(text).toContain("VFS Global Lagos");
    expect(text).toContain("Landmark Towers, 5B Water Corporation Road");
    expect(text).toContain("Date and time (Lagos)");
    expect(text).toMatch(/\w{3} \d{1,2} \w{3}, 09:30/);
    expect(text).toContain("What to bring: Your passport and a copy of its bio page;");
    expect(text).toContain(`https://example.test/application/${c.id}/appointment.ics`);
  });

  it("sends nothing for a moved, missed or attended appointment, nor on a case no longer approved", async () => {
    const c = await lodgedCase();
    await book(c.id, "record", addDays(today(), 4));
    const [old] = await jobsOf(c.id);
    await book(c.id, "move", addDays(today(), 6));
    // The old row's job (had it run before the move replaced it) sends nothing.
    expect(await sendAppointmentReminder(actions(), old.payload)).toBe("not_current");

    // Moved into the past (the applicant went yesterday): no reminder is queued; marked missed, none is left.
    await book(c.id, "move", addDays(today(), -1), "10:00");
    expect(await jobsOf(c.id)).toEqual([]);
    await book(c.id, "move", addDays(today(), 5));
    const [due] = await jobsOf(c.id);
    await t
      .db("case_stages")
      .where({ id: due.payload.stageId })
      .update({ appointment_at: new Date(Date.now() - 3_600_000) });
    await amaka.form(`/admin/application/${c.id}/appointment/missed`, {}).expect(303);
    expect(await jobsOf(c.id)).toEqual([]);
    expect(await sendAppointmentReminder(actions(), due.payload)).toBe("not_current");

    // Attended: recording the biometrics removes the reminders.
    await book(c.id, "record", addDays(today(), 5));
    expect(await jobsOf(c.id)).toHaveLength(2);
    const [next] = await jobsOf(c.id);
    await t
      .db("case_stages")
      .where({ id: next.payload.stageId })
      .update({ appointment_at: new Date(Date.now() - 3_600_000) });
    await stageForm(c.id, "biometrics", { mode: "record", date: today() }).expect(303);
    expect(await jobsOf(c.id)).toEqual([]);

    // Another case, its approval taken back before the reminder comes due.
    const d = await lodgedCase();
    await book(d.id, "record", addDays(today(), 4));
    const [job] = await jobsOf(d.id);
    await t.db("visa_applications").where({ id: d.id }).update({ status: "under_review" });
    expect(await sendAppointmentReminder(actions(), job.payload)).toBe("not_current");
    expect(await remindersOf(c.id)).toEqual([]);
    expect(await remindersOf(d.id)).toEqual([]);
  });
});

describe("a family group's appointments", () => {
  /** A lodged case of the group on the lead's account: the lead's own when `lead` is not given. */
  async function groupCase(userId: string, fullName: string, lead?: string) {
    const app = await insertApp(t.db, userId, {
      status: "approved",
      submitted_at: new Date(),
      assignee_id: amakaUser.id,
      full_name: fullName,
      destination_country: "United Kingdom",
      ...(lead ? { group_lead_id: lead, group_relation: "child" } : {}),
    });
    await signedSheet(t.db, app.id);
    await stageForm(app.id, "lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: addDays(today(), -5) }).expect(303);
    return app;
  }

  it("come in one reminder to the lead for everyone booked that day, side by side; another day's comes on its own", async () => {
    const parent = await makeUser(t.db, { fullName: "Ngozi Eze" });
    const lead = await groupCase(parent.id, "Ngozi Eze");
    const child = await groupCase(parent.id, "Chiamaka Eze", lead.id);
    const later = await groupCase(parent.id, "Obinna Eze", lead.id);
    const day = addDays(today(), 4);
    await book(child.id, "record", day, "09:30");
    await book(lead.id, "record", day, "09:45");
    await book(later.id, "record", addDays(day, 3), "10:00");

    // The first reminder of the day to come due (the child's) carries the lead's too.
    const [childTwoDays] = await jobsOf(child.id);
    expect(await sendAppointmentReminder(actions(), childTwoDays.payload)).toBe("sent");
    const [leadTwoDays] = await jobsOf(lead.id);
    expect(await sendAppointmentReminder(actions(), leadTwoDays.payload)).toBe("already_sent");
    expect(await remindersOf(lead.id)).toHaveLength(0);
    const [mail] = await remindersOf(child.id);
    expect(mail.subject).toMatch(/^Reminder: your family's visa appointments on \w{3} \d{1,2} \w{3}, 09:30$/);
    const sent = await t.db("email_messages").where({ application_id: child.id, kind: "appointment_reminder" }).first("to_address");
    expect(sent.to_address).toBe(parent.email);
    const text = bodyText(buildContent("appointment_reminder", mail.data, { url: (p) => `https://example.test${p}` }));
    expect(text).toContain("Dear Ngozi Eze,");
    expect(text).toContain("Your family's visa appointments are in two days, side by side below.");
    expect(text).toMatch(/Who\W+Chiamaka Eze[\s\S]*09:30[\s\S]*Who\W+Ngozi Eze[\s\S]*09:45/);
    expect(text).toContain(lead.reference_number);
    expect(text).not.toContain("Obinna Eze");

    // Another day's appointment of the group: its own reminder, for that person alone.
    const [laterTwoDays] = await jobsOf(later.id);
    expect(await sendAppointmentReminder(actions(), laterTwoDays.payload)).toBe("sent");
    const [own] = await remindersOf(later.id);
    expect(own.subject).toMatch(/^Reminder: your visa appointment on /);
    expect(own.data.family).toBeNull();
  });
});
