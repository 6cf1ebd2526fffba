// The stages after approval (form lodged, appointment, biometrics, passport held, decision, passport returned): staff
// record them on an approved case only, in order, with dates in order and not in the future (an appointment normally
// is); a stage that does not apply is skipped with a reason; a record is corrected within a day (then 409); a moved or
// missed appointment keeps its row. An officer works their own cases only (another's answers 404), bad input changes
// nothing, each record e-mails the applicant and is audited, and a stage's file reaches the applicant and the case's
// staff only. The applicant's timeline, its next step, what to bring and the calendar invite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { HTML, PDF } from "../helpers/files.ts";
import { signedSheet } from "../helpers/signatures.ts";

let t: TestApp;
let manager: Client;
let amakaUser: TestUser;
let amaka: Client;
let bayo: Client;
let vfsId: string;

const today = () => lagosDay(new Date());
const daysAgo = (n: number) => addDays(today(), -n);

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  bayo = await signedIn(t.app, await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" }));
  vfsId = (await t.db("visa_centres").where({ name: "VFS Global Lagos" }).first("id")).id;
});
afterAll(() => t.drop());

/** An approved case of Amaka's, its answer sheet signed by its applicant, who is signed in. */
async function approvedCase(status = "approved") {
  const applicantUser = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const app = await insertApp(t.db, applicantUser.id, {
    status,
    submitted_at: new Date(),
    assignee_id: amakaUser.id,
    full_name: "Adaeze Nwosu",
    destination_country: "United Kingdom",
  });
  await signedSheet(t.db, app.id);
  return { ...app, applicantUser, applicant: await signedIn(t.app, applicantUser) };
}

/** A stage form as the browser sends it without script: multipart, the token in the URL, an optional file. */
function stageForm(client: Client, id: string, stage: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  let req = client.agent.post(`/admin/application/${id}/stages/${stage}?_csrf=${encodeURIComponent(client.token)}`);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file) req = req.attach("file", file.bytes, file.name);
  return req;
}

const LODGED = () => ({ portal: "ukvi", reference: "GWF012345678", date: daysAgo(5) });
const APPOINTMENT = (date = addDays(today(), 3), time = "09:30") => ({ centre: vfsId, date, time, reference: "LOS-12345" });

const stagesOf = (id: string) => t.db("case_stages").where({ application_id: id }).orderBy("recorded_at").select("*");
const auditOf = async (id: string) => (await t.db("audit_events").where({ subject_id: id }).orderBy("id").pluck("action")) as string[];
const mailsOf = (id: string) =>
  t.db("email_messages").where({ application_id: id, kind: "case_stage" }).orderBy("created_at").select("subject", "data");
const detailsProps = async (client: Client, id: string) => (await client.getJson(`/application/${id}`).expect(200)).body.props;

describe("recording the stages", () => {
  it("records the form lodged with its confirmation file, audited and e-mailed, and the applicant's timeline shows it", async () => {
    const c = await approvedCase();
    const res = await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }, { bytes: PDF, name: "confirmation.pdf" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/admin/application/${c.id}#after-approval`);
    const [row] = await stagesOf(c.id);
    expect(row).toMatchObject({ stage: "lodged", state: "done", recorded_by: amakaUser.id, details: { portal: "ukvi", reference: "GWF012345678" } });
    expect(row.file_key).toMatch(new RegExp(`^${c.applicantUser.id}/stages/lodged_`));
    expect(await auditOf(c.id)).toContain("case_stage_recorded");
    const mails = await mailsOf(c.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Form lodged");
    expect(mails[0].data.next).toMatch(/book your appointment/);
    const props = await detailsProps(c.applicant, c.id);
    expect(props.stages.steps[0]).toMatchObject({ title: "Form lodged", state: "done" });
    expect(props.stages.steps[0].line).toContain("UKVI");
    expect(props.stages.nextStep).toMatch(/Your case officer will book your appointment/);
  });

  it("before lodging, the applicant's next step names who the case officer lodges with", async () => {
    const c = await approvedCase();
    expect((await detailsProps(c.applicant, c.id)).stages.nextStep).toBe("Your case officer will lodge your application with UKVI.");
  });

  it("checks the government's reference by the portal's format, and bad input changes nothing", async () => {
    const c = await approvedCase();
    for (const [portal, reference] of [
      ["ukvi", "GWF12345"],
      ["ceac", "AB00ABCDEF"],
      ["ircc", "123456789"],
    ]) {
      const res = await stageForm(amaka, c.id, "lodged", { mode: "record", portal, reference, date: daysAgo(1) });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(
        /Enter a (GWF number like GWF012345678|DS-160 confirmation number like AA00ABCDEF|IRCC application number like W123456789)/,
      );
    }
    const noDate = await stageForm(amaka, c.id, "lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: "2026-02-30" });
    expect(noDate.status).toBe(400);
    expect(noDate.text).toContain("Enter the date as a real date");
    const html = await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }, { bytes: HTML, name: "confirmation.pdf" });
    expect(html.status).toBe(415);
    expect(await stagesOf(c.id)).toHaveLength(0);
    expect(await mailsOf(c.id)).toHaveLength(0);
    expect(await auditOf(c.id)).not.toContain("case_stage_recorded");
    // A schengen form has no known format: free text is taken; the DS-160's is upper-cased and spaces dropped.
    expect((await stageForm(amaka, c.id, "lodged", { mode: "record", portal: "ceac", reference: "aa00 abcdef", date: daysAgo(1) })).status).toBe(303);
    expect((await stagesOf(c.id))[0].details.reference).toBe("AA00ABCDEF");
  });

  it("refuses a stage before the previous one is done or skipped, and a date in the future or out of order", async () => {
    const c = await approvedCase();
    const early = await stageForm(amaka, c.id, "biometrics", { mode: "record", date: daysAgo(1) });
    expect(early.status).toBe(409);
    expect(early.text).toContain("Record or skip");
    const future = await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED(), date: addDays(today(), 1) });
    expect(future.status).toBe(400);
    expect(future.text).toContain("cannot be in the future");
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    const beforeLodged = await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(daysAgo(10)) });
    expect(beforeLodged.status).toBe(400);
    expect(beforeLodged.text).toContain("The appointment cannot be before the lodging date");
    // An appointment is normally in the future.
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(daysAgo(2)) }).expect(303);
    const beforeAppointment = await stageForm(amaka, c.id, "biometrics", { mode: "record", date: daysAgo(3) });
    expect(beforeAppointment.status).toBe(400);
    expect(beforeAppointment.text).toContain("cannot be before the appointment");
    await stageForm(amaka, c.id, "biometrics", { mode: "record", date: daysAgo(2) }).expect(303);
    expect((await stagesOf(c.id)).map((r) => r.stage).sort()).toEqual(["appointment", "biometrics", "lodged"]);
  });

  it("skips a stage that does not apply, with its reason; lodging and the decision are never skipped", async () => {
    const c = await approvedCase();
    const lodging = await amaka.form(`/admin/application/${c.id}/stages/lodged/skip`, { reason: "e-visa" });
    expect(lodging.status).toBe(409);
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    const noReason = await amaka.form(`/admin/application/${c.id}/stages/appointment/skip`, { reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Enter why this stage does not apply");
    for (const stage of ["appointment", "biometrics", "passport_held"])
      await amaka.form(`/admin/application/${c.id}/stages/${stage}/skip`, { reason: "E-visa: no appointment, no passport" }).expect(303);
    expect((await amaka.form(`/admin/application/${c.id}/stages/decision/skip`, { reason: "n/a" })).status).toBe(409);
    await stageForm(amaka, c.id, "decision", {
      mode: "record",
      outcome: "issued",
      date: daysAgo(1),
      visa_type: "Standard Visitor",
      valid_from: daysAgo(1),
      valid_to: addDays(today(), 180),
      entries: "multiple",
    }).expect(303);
    const courier = await stageForm(amaka, c.id, "passport_returned", { mode: "record", method: "courier", date: today() });
    expect(courier.status).toBe(400);
    expect(courier.text).toContain("Enter the courier&#x27;s tracking reference");
    await stageForm(amaka, c.id, "passport_returned", { mode: "record", method: "courier", tracking: "DHL 123", date: today() }).expect(303);
    const rows = await stagesOf(c.id);
    expect(rows.map((r) => `${r.stage}:${r.state}`)).toEqual([
      "lodged:done",
      "appointment:skipped",
      "biometrics:skipped",
      "passport_held:skipped",
      "decision:done",
      "passport_returned:done",
    ]);
    expect(await auditOf(c.id)).toContain("case_stage_skipped");
    const props = await detailsProps(c.applicant, c.id);
    expect(props.stages.nextStep).toBe("Every step after approval is done.");
    // The SPEC status is untouched by the decision.
    expect((await t.db("visa_applications").where({ id: c.id }).first("status")).status).toBe("approved");
  });

  it("records a refusal with its grounds, and checks an issued visa's fields", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    for (const s of ["appointment", "biometrics", "passport_held"])
      await amaka.form(`/admin/application/${c.id}/stages/${s}/skip`, { reason: "e-visa" }).expect(303);
    const bad = await stageForm(amaka, c.id, "decision", {
      mode: "record",
      outcome: "issued",
      date: daysAgo(1),
      valid_from: daysAgo(1),
      valid_to: daysAgo(2),
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter the visa type");
    expect(bad.text).toContain("The visa cannot end before it starts");
    expect(bad.text).toContain("Choose single or multiple entry");
    const noGrounds = await stageForm(amaka, c.id, "decision", { mode: "record", outcome: "refused", date: daysAgo(1) });
    expect(noGrounds.status).toBe(400);
    await stageForm(
      amaka,
      c.id,
      "decision",
      { mode: "record", outcome: "refused", date: daysAgo(1), grounds: "Funds not shown for the whole stay" },
      { bytes: PDF, name: "refusal.pdf" },
    ).expect(303);
    const props = await detailsProps(c.applicant, c.id);
    expect(props.stages.steps[4].line).toContain("Visa refused");
    expect(props.stages.nextStep).toMatch(/refused/);
  });

  it("answers only on an approved application", async () => {
    const c = await approvedCase("under_review");
    const res = await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() });
    expect(res.status).toBe(409);
    expect(res.text).toContain("once the application is approved");
    expect(await stagesOf(c.id)).toHaveLength(0);
  });
});

describe("who may record", () => {
  it("answers another officer's case and an unknown id 404, and lets a manager record on any case", async () => {
    const c = await approvedCase();
    expect((await stageForm(bayo, c.id, "lodged", { mode: "record", ...LODGED() })).status).toBe(404);
    expect((await bayo.form(`/admin/application/${c.id}/stages/appointment/skip`, { reason: "x" })).status).toBe(404);
    expect((await stageForm(amaka, "00000000-0000-4000-8000-000000000000", "lodged", { mode: "record", ...LODGED() })).status).toBe(404);
    expect((await stageForm(amaka, c.id, "visa_stamped", { mode: "record" })).status).toBe(404);
    // The applicant is not staff.
    expect((await stageForm(c.applicant, c.id, "lodged", { mode: "record", ...LODGED() })).headers.location ?? "").not.toContain("after-approval");
    expect(await stagesOf(c.id)).toHaveLength(0);
    await stageForm(manager, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    expect(await stagesOf(c.id)).toHaveLength(1);
  });

  it("lets a stage's file reach the applicant and the case's staff, and no one else", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT() }, { bytes: PDF, name: "letter.pdf" }).expect(303);
    const props = await detailsProps(c.applicant, c.id);
    const url: string = props.stages.steps[1].file.url;
    expect(url).toMatch(/^\/files\/stages\//);
    const mine = await c.applicant.get(url).expect(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    await amaka.get(url).expect(200);
    await manager.get(url).expect(200);
    await bayo.get(url).expect(404);
    const other = await approvedCase();
    await other.applicant.get(url).expect(404);
    // The other applicant sees no timeline of this case either.
    await other.applicant.getJson(`/application/${c.id}`).expect((r) => expect(r.status === 404 || r.status === 303 || r.status === 302).toBe(true));
    await other.applicant.get(`/application/${c.id}/appointment.ics`).expect(404);
  });
});

describe("the appointment", () => {
  it("gives the applicant what to bring, their documents and a calendar invite", async () => {
    const c = await approvedCase();
    await t.db("application_documents").insert({
      application_id: c.id,
      document_type: "bank_statement",
      file_name: "bank-statement.pdf",
      file_path: `${c.applicantUser.id}/documents/x.pdf`,
      file_size: 10,
      mime_type: "application/pdf",
    });
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(addDays(today(), 3), "09:30") }).expect(303);
    const { stages } = await detailsProps(c.applicant, c.id);
    // The sentence names the appointment; what to bring is the card's own list, not repeated in it.
    expect(stages.nextStep).toMatch(/^Your biometrics appointment: \w{3} \d{1,2} \w{3}, 09:30 at VFS Global Lagos\.$/);
    expect(stages.appointment.bring).toContain("Your passport and a copy of its bio page");
    // Named as the applicant filed it (the list's item), not by the file's name.
    expect(stages.appointment.documents).toEqual(["Bank statement"]);
    const ics = await c.applicant.get(stages.appointment.inviteUrl).expect(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.text).toContain("BEGIN:VEVENT");
    expect(ics.text).toContain("SUMMARY:Visa appointment at VFS Global Lagos");
    expect(ics.text).toMatch(/DTSTART:\d{8}T083000Z/);
  });

  it("keeps a moved appointment's row, and a missed one only once its time has passed", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(addDays(today(), 3)) }).expect(303);
    const notYet = await amaka.form(`/admin/application/${c.id}/appointment/missed`, {});
    expect(notYet.status).toBe(409);
    expect(notYet.text).toContain("once its time has passed");
    await stageForm(amaka, c.id, "appointment", { mode: "move", ...APPOINTMENT(daysAgo(1), "10:00") }).expect(303);
    await amaka.form(`/admin/application/${c.id}/appointment/missed`, {}).expect(303);
    const rows = await stagesOf(c.id);
    expect(rows.filter((r) => r.stage === "appointment").map((r) => r.ended_as)).toEqual(["moved", "missed"]);
    // Missed: the stage is open again; biometrics wait for a new booking.
    expect((await stageForm(amaka, c.id, "biometrics", { mode: "record", date: today() })).status).toBe(409);
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(addDays(today(), 7)) }).expect(303);
    expect(await auditOf(c.id)).toEqual(expect.arrayContaining(["appointment_moved", "appointment_missed"]));
    const subjects = (await mailsOf(c.id)).map((m) => m.data.headline);
    expect(subjects).toEqual(expect.arrayContaining(["Your appointment has been moved.", expect.stringMatching(/recorded as missed/)]));
  });
});

describe("corrections", () => {
  it("undoes a skip within a day while no later stage is settled, and answers 409 otherwise", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    const skip = (stage: string) => amaka.form(`/admin/application/${c.id}/stages/${stage}/skip`, { reason: "An e-visa: nothing to hand in." });
    const unskip = (client: Client, stage: string) => client.form(`/admin/application/${c.id}/stages/${stage}/unskip`, {});
    // Nothing skipped yet: nothing to undo.
    const none = await unskip(amaka, "appointment");
    expect(none.status).toBe(409);
    expect(none.text).toContain("is not skipped");
    await skip("appointment").expect(303);
    let review = (await amaka.getJson(`/admin/application/${c.id}`).expect(200)).body.props;
    const skipped = () => review.afterApproval.entries;
    expect(skipped().find((e: { stage: string }) => e.stage === "appointment")).toMatchObject({ state: "skipped", undoable: true });
    // Another officer's case answers 404 and keeps the skip.
    expect((await unskip(bayo, "appointment")).status).toBe(404);
    const undone = await unskip(amaka, "appointment");
    expect(undone.status).toBe(303);
    expect(undone.headers.location).toBe(`/admin/application/${c.id}#after-approval`);
    expect((await stagesOf(c.id)).map((r) => r.stage)).toEqual(["lodged"]);
    expect(await auditOf(c.id)).toContain("case_stage_skip_undone");

    // A later stage settled: the skip stands.
    await skip("appointment").expect(303);
    await skip("biometrics").expect(303);
    review = (await amaka.getJson(`/admin/application/${c.id}`).expect(200)).body.props;
    expect(skipped().find((e: { stage: string }) => e.stage === "appointment").undoable).toBe(false);
    const later = await unskip(amaka, "appointment");
    expect(later.status).toBe(409);
    expect(later.text).toContain("a later stage is recorded or skipped");
    // More than a day after: closed, like a correction.
    await t
      .db("case_stages")
      .where({ application_id: c.id, stage: "biometrics" })
      .update({ recorded_at: new Date(Date.now() - 25 * 3_600_000) });
    const late = await unskip(amaka, "biometrics");
    expect(late.status).toBe(409);
    expect(late.text).toContain("can no longer be undone");
    expect((await stagesOf(c.id)).map((r) => r.stage).sort()).toEqual(["appointment", "biometrics", "lodged"]);
  });

  it("corrects a stage within a day of recording it, and answers 409 after that", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    await stageForm(amaka, c.id, "lodged", { mode: "correct", ...LODGED(), reference: "GWF987654321" }).expect(303);
    const [row] = await stagesOf(c.id);
    expect(row.details.reference).toBe("GWF987654321");
    expect(row.corrected_by).toBe(amakaUser.id);
    expect(await auditOf(c.id)).toContain("case_stage_corrected");
    await t
      .db("case_stages")
      .where({ id: row.id })
      .update({ recorded_at: new Date(Date.now() - 25 * 3600_000) });
    const late = await stageForm(amaka, c.id, "lodged", { mode: "correct", ...LODGED(), reference: "GWF111111111" });
    expect(late.status).toBe(409);
    expect(late.text).toContain("can no longer be corrected");
    expect((await stagesOf(c.id))[0].details.reference).toBe("GWF987654321");
  });

  it("keeps the order when correcting: a lodging date after the appointment is refused", async () => {
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(daysAgo(3)) }).expect(303);
    const res = await stageForm(amaka, c.id, "lodged", { mode: "correct", ...LODGED(), date: daysAgo(1) });
    expect(res.status).toBe(400);
    expect(res.text).toContain("The lodging date cannot be after the appointment");
  });
});

describe("the visa centres", () => {
  it("are seeded, and managers add, edit and deactivate them; a deactivated centre takes no new appointment", async () => {
    const names = await t.db("visa_centres").orderBy("name").pluck("name");
    expect(names).toEqual(
      expect.arrayContaining([
        "VFS Global Lagos",
        "TLScontact Lagos",
        "BLS International Lagos",
        "U.S. Consulate General Lagos",
        "U.S. Embassy Abuja",
      ]),
    );
    expect((await amaka.form("/admin/settings/centres", { name: "X", address: "Y" })).headers.location ?? "").not.toBe("/admin/settings/centres");
    expect(await t.db("visa_centres").where({ name: "X" }).first()).toBeUndefined();
    await manager
      .form("/admin/settings/centres", { name: "Test Centre Ikeja", address: "1 Allen Avenue\r\n Ikeja \n", what_to_bring: "Passport\n\nPhotos" })
      .expect(303);
    const added = await t.db("visa_centres").where({ name: "Test Centre Ikeja" }).first();
    expect(added.what_to_bring).toBe("Passport\nPhotos");
    // The address typed over lines in its box is kept as one line.
    expect(added.address).toBe("1 Allen Avenue, Ikeja");
    const dup = await manager.form("/admin/settings/centres", { name: "test centre ikeja", address: "Z" });
    expect(dup.status).toBe(409);
    await manager.form(`/admin/settings/centres/${added.id}/active`, { active: "false" }).expect(303);
    const c = await approvedCase();
    await stageForm(amaka, c.id, "lodged", { mode: "record", ...LODGED() }).expect(303);
    const res = await stageForm(amaka, c.id, "appointment", { mode: "record", ...APPOINTMENT(), centre: added.id });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Choose a centre from the list");
  });
});
