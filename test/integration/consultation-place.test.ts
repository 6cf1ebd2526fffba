// How a consultation happens, set on its type: the settings refuse a bad meeting link, address or phone set-up with
// the field's message and change nothing; a booking's invite carries it as LOCATION (and a video call's link as URL),
// and its e-mail and confirmation page say it.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, newClient } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType } from "../helpers/consultations.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
let staff: TestUser;
let manager: Client;
beforeAll(async () => {
  t = await createMailTestApp();
  staff = await makeConsultant(t.db, { fullName: "Bola Ahmed" });
  manager = await signedIn(t.app, staff);
});
afterAll(() => t.close());

const LINK = "https://meet.google.com/abc-defg-hij";
const typeRow = (id: string) => t.db("consultation_types").where({ id }).first();
const count = async () => Number((await t.db("consultation_types").count({ n: "*" }).first())?.n);

describe("how a consultation type happens, in its settings", () => {
  it("refuses a meeting link that is not a full https address with the message beside the field, and changes nothing", async () => {
    const id = await makeConsultationType(t.db, { name: "Video check" });
    await manager.form(`/admin/consultations/types/${id}/place`, { video_url: LINK }).expect(303);
    const saved = await typeRow(id);
    expect(saved.video_url).toBe(LINK);

    for (const [bad, message] of [
      ["http://meet.example.com/room", "The meeting link must start with https://"],
      ["javascript:alert(1)", "The meeting link must start with https://"],
      ["meet.google.com/abc", "Enter the meeting link as a full https:// address"],
      ["https://localhost/room", "Enter the meeting link as a full https:// address"],
      ["https://user:secret@meet.example.com/room", "Enter the meeting link as a full https:// address"],
      ["", "Enter the meeting link"],
    ]) {
      const res = await manager.form(`/admin/consultations/types/${id}/place`, { video_url: bad }).expect(400);
      // The message beside the field (linked to it), and what was typed kept in it.
      expect(res.text).toMatch(new RegExp(`id="type-${id}-video_url-error"[^>]*>${message}`));
      expect(res.text).toContain(`aria-describedby="type-${id}-video_url-hint type-${id}-video_url-error"`);
      expect(await typeRow(id)).toEqual(saved);
    }
    await manager.form("/admin/consultations/types/00000000-0000-4000-8000-000000000000/place", { video_url: LINK }).expect(404);
    await manager.form("/admin/consultations/types/not-an-id/place", { video_url: LINK }).expect(404);
  });

  it("adds a type only with its mode's detail: a video call without a link, an office without its address, a phone call without who calls are refused", async () => {
    const before = await count();
    const add = (extra: Record<string, string>) =>
      manager.form("/admin/consultations/types", { name: "New kind", minutes: "30", price_naira: "0", ...extra });
    expect((await add({ mode: "video", video_url: "ftp://files.example.com" }).expect(400)).text).toContain(
      "The meeting link must start with https://",
    );
    expect((await add({ mode: "office", office_address: "" }).expect(400)).text).toContain("Enter the office&#x27;s address");
    expect((await add({ mode: "phone" }).expect(400)).text).toContain("Choose who calls");
    const noNumber = await add({ mode: "phone", phone_caller: "they_call", phone_number: "call me" }).expect(400);
    expect(noNumber.text).toContain("Enter a phone number they can call");
    // The refused form keeps what was typed.
    expect(noNumber.text).toContain('value="call me"');
    expect(await count()).toBe(before);

    await add({ name: "Phone advice", mode: "phone", phone_caller: "they_call", phone_number: "0803 000 1111", video_url: LINK }).expect(303);
    // Only the mode's own detail is kept.
    expect(await t.db("consultation_types").where({ name: "Phone advice" }).first()).toMatchObject({
      mode: "phone",
      phone_caller: "they_call",
      phone_number: "+2348030001111",
      video_url: null,
      office_address: null,
    });
  });

  it("is the managers' alone", async () => {
    const id = await makeConsultationType(t.db, { name: "Officer check" });
    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    // Sent back to the admin home, as the other manager-only settings.
    const refused = await officer.form(`/admin/consultations/types/${id}/place`, { video_url: LINK });
    expect([refused.status, refused.headers.location]).toEqual([303, "/admin"]);
    expect((await typeRow(id)).video_url).toBeNull();
  });
});

/** Books the first free time of a type as a visitor; the confirmation page's HTML. */
async function book(typeId: string, email: string): Promise<string> {
  const visitor = await newClient(t.app);
  const days = [...(await visitor.get(`/book?type=${typeId}`)).text.matchAll(/href="(\/book\?type=[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const [slot] = [...(await visitor.get(days[0])).text.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]);
  const res = await visitor
    .form("/book", { name: "Ngozi Eze", email, phone: "0803 123 4567", destination: "Canada", visa_type: "study", type: typeId, slot })
    .expect(200);
  return res.text;
}

/** The raw lines of an invite's event (unfolded), and its LOCATION and URL as a calendar reads them. */
function inviteOf(ics: string) {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  return {
    lines: ics.replace(/\r\n[ \t]/g, "").split("\r\n"),
    location: event?.getFirstPropertyValue("location"),
    url: event?.getFirstPropertyValue("url"),
  };
}

describe("a booking's invite, e-mail and confirmation say how it happens", () => {
  it("a video call: the invite's LOCATION and URL are the meeting link, and the e-mail and confirmation link to it", async () => {
    const id = await makeConsultationType(t.db, { name: "Video consultation" });
    await manager.form(`/admin/consultations/types/${id}/place`, { video_url: LINK }).expect(303);
    const page = await book(id, "video.visitor@example.com");
    expect(page).toContain(`href="${LINK}"`);

    const [mail] = await t.smtp.waitFor((m) => m.to.includes("video.visitor@example.com"));
    expect(mail.links).toContain(LINK);
    expect(mail.text).toContain(`Join: ${LINK}`);
    const invite = inviteOf(mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
    expect(invite.lines).toContain(`LOCATION:${LINK}`);
    expect(invite.lines).toContain(`URL;VALUE=URI:${LINK}`);
    expect(invite.location).toBe(LINK);
    expect(invite.url).toBe(LINK);

    const [staffMail] = await t.smtp.waitFor((m) => m.to.includes(staff.email) && m.text.includes("Video consultation"));
    const staffInvite = inviteOf(staffMail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
    expect(staffInvite.location).toBe(LINK);
  });

  it("a phone call: we call the visitor on the number they gave; an office: its address; neither has a URL", async () => {
    const phone = await makeConsultationType(t.db, { name: "Phone consultation" });
    await t.db("consultation_types").where({ id: phone }).update({ mode: "phone", phone_caller: "we_call" });
    const page = await book(phone, "phone.visitor@example.com");
    expect(page).toContain("We call you on +2348031234567");
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("phone.visitor@example.com"));
    expect(mail.text).toContain("Who calls: We call you on +2348031234567");
    const invite = inviteOf(mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
    expect(invite.location).toBe("Phone call: we call you on +2348031234567");
    expect(invite.lines.some((l) => l.startsWith("URL"))).toBe(false);

    const office = await makeConsultationType(t.db, { name: "Office consultation" });
    await t.db("consultation_types").where({ id: office }).update({ mode: "office", video_url: null });
    await manager.form(`/admin/consultations/types/${office}/place`, { office_address: "12 Admiralty Way, Lekki Phase 1, Lagos" }).expect(303);
    expect(await book(office, "office.visitor@example.com")).toContain("12 Admiralty Way, Lekki Phase 1, Lagos");
    const [officeMail] = await t.smtp.waitFor((m) => m.to.includes("office.visitor@example.com"));
    const officeInvite = inviteOf(officeMail.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
    expect(officeInvite.lines).toContain("LOCATION:12 Admiralty Way\\, Lekki Phase 1\\, Lagos");
    expect(officeInvite.location).toBe("12 Admiralty Way, Lekki Phase 1, Lagos");
  });
});
