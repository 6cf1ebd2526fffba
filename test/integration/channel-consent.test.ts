// Consent to WhatsApp and SMS given at sign-up and on a consultation's booking form, against a real database: kept
// with the number (E.164, a Nigerian 080… understood), the exact words shown, the date and where it was given; a
// refused form keeps nothing; a booking's choice becomes the account's when the booking is linked to it, unless the
// account chose later itself; a STOP ends it, before or after.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingConsentWords, consentWords, NUMBER_INVALID, NUMBER_NEEDED } from "../../server/domain/channels.ts";
import { issueToken } from "../../server/models/accountTokens.ts";
import { createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { freeTimes, makeConsultant, makeConsultationType } from "../helpers/consultations.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { deliver, type LocalWhatsApp, messageDelivery, startLocalWhatsApp } from "../helpers/whatsapp.ts";

const BUSINESS = "Horizon Gate Travel & Visa Consultants";
const PASSWORD = "Harmattan-mango-42";

let t: TestApp;
let wa: LocalWhatsApp;
let server: Server;
let url: string;
let typeId: string;
let times: ReturnType<typeof freeTimes>;
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  t = await createTestApp({ ...wa.env, SITE_NAME: BUSINESS });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await makeConsultant(t.db);
  typeId = await makeConsultationType(t.db);
  times = freeTimes(t.app, typeId);
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await t.drop();
});

const stop = (from: string) => deliver(url, messageDelivery({ from, text: "STOP" }), { appSecret: wa.env.WHATSAPP_APP_SECRET });
const consentsOf = async (email: string) => {
  const user = await t.db("users").where({ email }).first("id");
  return user ? t.db("channel_consents").where({ user_id: user.id }).orderBy("id") : [];
};
const count = async (table: string) => Number((await t.db(table).count({ n: "*" }))[0].n);

describe("consent at sign-up", () => {
  it("offers both choices unticked with My account's words, and keeps a ticked one with the number, words, date and 'signup'", async () => {
    const c = await newClient(t.app);
    const shown = (await c.getJson("/signup").expect(200)).body.props.channels;
    expect(shown).toEqual([
      { channel: "whatsapp", words: consentWords("whatsapp", BUSINESS) },
      { channel: "sms", words: consentWords("sms", BUSINESS) },
    ]);
    expect(shown[0].words).toContain(`from ${BUSINESS}`);
    const page = await c.get("/signup").expect(200);
    expect(page.text).toMatch(/<input type="checkbox"[^>]*name="whatsapp" value="yes"/);
    expect(page.text).not.toMatch(/name="(whatsapp|sms)"[^>]*checked/);

    await c
      .post("/signup", { fullName: "Tunde Bakare", email: "tunde@example.com", password: PASSWORD, whatsapp: "yes", channelPhone: "0803 555 0101" })
      .expect(200);
    const rows = await consentsOf("tunde@example.com");
    expect(rows.map((r) => [r.channel, r.opted_in, r.phone, r.source, r.words])).toEqual([
      ["whatsapp", true, "+2348035550101", "signup", consentWords("whatsapp", BUSINESS)],
    ]);
    expect(Date.now() - new Date(rows[0].created_at).getTime()).toBeLessThan(60_000);
    const audit = await t.db("audit_events").where({ action: "sign_up", subject_id: rows[0].user_id }).first();
    expect(audit.details).toMatchObject({ whatsapp: "on" });
    // My account shows it chosen, with the number.
    const mine = (await c.getJson("/account").expect(200)).body.props.channels;
    expect(mine.phone).toBe("+2348035550101");
    expect(mine.choices.map((x: { on: boolean }) => x.on)).toEqual([true, false]);
  });

  it("works as a plain form post: both channels kept, and a number typed with no box ticked is not kept", async () => {
    const c = await newClient(t.app);
    await c
      .form("/signup", {
        fullName: "Kemi Lawal",
        email: "kemi@example.com",
        password: PASSWORD,
        whatsapp: "yes",
        sms: "yes",
        channelPhone: "+44 7911 123456",
      })
      .expect(303);
    expect((await consentsOf("kemi@example.com")).map((r) => [r.channel, r.phone, r.source])).toEqual([
      ["whatsapp", "+447911123456", "signup"],
      ["sms", "+447911123456", "signup"],
    ]);
    const none = await newClient(t.app);
    await none.form("/signup", { fullName: "Bola Ade", email: "bola@example.com", password: PASSWORD, channelPhone: "0803 11" }).expect(303);
    expect(await t.db("users").where({ email: "bola@example.com" }).first()).toBeDefined();
    expect(await consentsOf("bola@example.com")).toEqual([]);
  });

  it("refused (no number, a bad number, a bad password) stores nothing and keeps what was typed", async () => {
    const users = await count("users");
    const consents = await count("channel_consents");
    const c = await newClient(t.app);
    const base = { fullName: "Ngozi Eze", email: "ngozi@example.com", password: PASSWORD };
    const noNumber = await c.post("/signup", { ...base, whatsapp: "yes", channelPhone: "" }).expect(400);
    expect(noNumber.body.error.fields.channelPhone).toBe(NUMBER_NEEDED);
    const badNumber = await c.post("/signup", { ...base, sms: "yes", channelPhone: "0803 11" }).expect(400);
    expect(badNumber.body.error.fields.channelPhone).toBe(NUMBER_INVALID);
    const weak = await c.post("/signup", { ...base, password: "12345", whatsapp: "yes", channelPhone: "08035550102" }).expect(400);
    expect(weak.body.error.fields.password).toBeDefined();
    await c.post("/signup", { ...base, whatsapp: "maybe", channelPhone: "08035550102" }).expect(400);
    // Without script: the same screen, the box still ticked and the number as typed, the error beside it.
    const form = await c.form("/signup", { ...base, whatsapp: "yes", channelPhone: "0803 11" }).expect(400);
    expect(form.text).toContain("Start Your Journey");
    expect(form.text).toMatch(/name="whatsapp" checked="" value="yes"/);
    expect(form.text).toContain('value="0803 11"');
    expect(form.text).toContain(NUMBER_INVALID);
    expect(await count("users")).toBe(users);
    expect(await count("channel_consents")).toBe(consents);
  });

  it("with a registered address keeps nothing for its owner", async () => {
    const owner = await makeUser(t.db, { email: "owner@example.com" });
    const c = await newClient(t.app);
    await c
      .post("/signup", { fullName: "Someone Else", email: "owner@example.com", password: PASSWORD, whatsapp: "yes", channelPhone: "08035550103" })
      .expect(200);
    expect(await t.db("channel_consents").where({ user_id: owner.id })).toEqual([]);
  });

  it("is ended by a STOP from the number", async () => {
    const c = await newClient(t.app);
    await c
      .post("/signup", { fullName: "Efe Okoro", email: "efe@example.com", password: PASSWORD, whatsapp: "yes", channelPhone: "08035550104" })
      .expect(200);
    expect((await stop("2348035550104")).status).toBe(200);
    expect((await consentsOf("efe@example.com")).map((r) => [r.opted_in, r.source])).toEqual([
      [true, "signup"],
      [false, "whatsapp_stop"],
    ]);
  });
});

let ip = 10;
const book = async (fields: Record<string, string>) =>
  fromAddress(`198.51.100.${ip++}`)(
    (await newClient(t.app)).form("/book", { destination: "Canada", visa_type: "study", type: typeId, slot: await times.next(), ...fields }),
  );

async function confirmAccount(email: string, fullName: string) {
  const person = await makeUser(t.db, { email, fullName });
  const token = await issueToken(t.db, person.id, "email_confirm");
  await (await newClient(t.app)).get(`/confirm-email?token=${token}`).expect(303);
  return person;
}

describe("consent at booking", () => {
  it("offers both choices naming the business and the consultation, and keeps a ticked one with the booking", async () => {
    const res = await book({ name: "Ada Obi", email: "ada@example.com", phone: "0803 555 0201", whatsapp: "yes" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Consultation booked");
    const booking = await t.db("bookings").where({ email: "ada@example.com" }).first();
    const kept = await t.db("booking_consents").where({ booking_id: booking.id });
    expect(kept.map((r) => [r.channel, r.phone, r.words, r.ended_at, r.carried_at])).toEqual([
      ["whatsapp", "+2348035550201", bookingConsentWords("whatsapp", BUSINESS), null, null],
    ]);
    expect(kept[0].words).toContain(`reminders of this consultation, and updates about my applications, on WhatsApp from ${BUSINESS}`);

    // Confirming the address of an account links the booking, and its choice becomes the account's, dated as given.
    const person = await confirmAccount("ada@example.com", "Ada Obi");
    const rows = await t.db("channel_consents").where({ user_id: person.id }).orderBy("id");
    expect(rows.map((r) => [r.channel, r.opted_in, r.phone, r.source, r.words])).toEqual([
      ["whatsapp", true, "+2348035550201", "booking", bookingConsentWords("whatsapp", BUSINESS)],
    ]);
    expect(new Date(rows[0].created_at).getTime()).toBe(new Date(kept[0].created_at).getTime());
    expect((await t.db("booking_consents").where({ booking_id: booking.id }).first()).carried_at).not.toBeNull();
    // And a STOP still ends it.
    expect((await stop("2348035550201")).status).toBe(200);
    const after = await t.db("channel_consents").where({ user_id: person.id }).orderBy("id");
    expect(after.map((r) => [r.opted_in, r.source])).toEqual([
      [true, "booking"],
      [false, "whatsapp_stop"],
    ]);
  });

  it("shows the form's choices unticked, and refuses a ticked channel on a number that cannot take a message", async () => {
    const c = await newClient(t.app);
    const page = await c.getJson(`/book?type=${typeId}`).expect(200);
    expect(page.body.props.channels).toEqual([
      { channel: "whatsapp", words: bookingConsentWords("whatsapp", BUSINESS) },
      { channel: "sms", words: bookingConsentWords("sms", BUSINESS) },
    ]);
    const bookings = await count("bookings");
    const consents = await count("booking_consents");
    const res = await book({ name: "Femi Ade", email: "femi@example.com", phone: "0803 555 02", sms: "yes" });
    expect(res.status).toBe(400);
    expect(res.text).toContain(NUMBER_INVALID);
    expect(res.text).toMatch(/name="sms" checked="" value="yes"/);
    expect(await count("bookings")).toBe(bookings);
    expect(await count("booking_consents")).toBe(consents);
  });

  it("is not carried where the account chose later itself, nor after a STOP from the number", async () => {
    await book({ name: "Uche Nwosu", email: "uche@example.com", phone: "0803 555 0202", sms: "yes", whatsapp: "yes" });
    const person = await makeUser(t.db, { email: "uche@example.com", fullName: "Uche Nwosu" });
    const web = await signedIn(t.app, person);
    // The account's own choice after the booking: SMS at another number.
    await web.post("/api/account/channels", { channelPhone: "0803 555 0203", sms: "yes" }).expect(200);
    // The number given at booking says STOP on WhatsApp before the account is linked.
    expect((await stop("2348035550202")).status).toBe(200);
    const token = await issueToken(t.db, person.id, "email_confirm");
    await (await newClient(t.app)).get(`/confirm-email?token=${token}`).expect(303);
    const rows = await t.db("channel_consents").where({ user_id: person.id }).orderBy("id");
    expect(rows.map((r) => [r.channel, r.opted_in, r.phone, r.source])).toEqual([["sms", true, "+2348035550203", "account"]]);
    const kept = await t.db("booking_consents").join("bookings", "bookings.id", "booking_consents.booking_id").where({ email: "uche@example.com" });
    expect(kept.find((r) => r.channel === "whatsapp").ended_at).not.toBeNull();
  });

  it("made while signed in is the account's at once", async () => {
    const person = await makeUser(t.db, { email: "sade@example.com", fullName: "Sade Bello" });
    const web = await signedIn(t.app, person);
    const res = await fromAddress("198.51.100.90")(
      web.form("/book", {
        name: "Sade Bello",
        email: "sade@example.com",
        phone: "0803 555 0204",
        destination: "Canada",
        visa_type: "study",
        type: typeId,
        slot: await times.next(),
        sms: "yes",
      }),
    );
    expect(res.status).toBe(200);
    const rows = await t.db("channel_consents").where({ user_id: person.id });
    expect(rows.map((r) => [r.channel, r.phone, r.source])).toEqual([["sms", "+2348035550204", "booking"]]);
  });
});
