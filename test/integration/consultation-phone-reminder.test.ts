// A consultation's reminder on the phone channel chosen on the booking form, against a real database, the job worker
// and the local WhatsApp and Termii compatible servers: by SMS at once (urgent) with when and the way in; on WhatsApp
// outside the 24-hour window only by its approved template; nothing to a visitor who ticked nothing; not after a STOP
// from the number, nor for a booking cancelled before it went; once linked to an account, the account's choice holds.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendReminder } from "../../server/actions/consultations/sendReminder.ts";
import { sendPhoneMessage } from "../../server/channels/phoneSend.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { fromAddress, newClient } from "../helpers/app.ts";
import { freeTimes, makeConsultant, makeConsultationType } from "../helpers/consultations.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import { inboundSms, type LocalTermii, report, startLocalTermii } from "../helpers/termii.ts";
import { deliver, type LocalWhatsApp, messageDelivery, startLocalWhatsApp } from "../helpers/whatsapp.ts";

const LINK = "https://meet.example.com/horizon-consult";
const TEMPLATE = "consultation_reminder";

let t: MailTestApp;
let wa: LocalWhatsApp;
let sms: LocalTermii;
let server: Server;
let url: string;
let typeId: string;
let times: ReturnType<typeof freeTimes>;
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  wa.templates.add(TEMPLATE);
  sms = await startLocalTermii();
  t = await createMailTestApp({ ...wa.env, ...sms.env, WHATSAPP_TEMPLATE_CONSULTATION_REMINDER: TEMPLATE });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await makeConsultant(t.db);
  typeId = await makeConsultationType(t.db);
  times = freeTimes(t.app, typeId);
  await t.db("consultation_types").where({ id: typeId }).update({ video_url: LINK });
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await sms.stop();
  await t.close();
});

let ip = 10;
async function book(fields: Record<string, string>) {
  const res = await fromAddress(`198.51.100.${ip++}`)(
    (await newClient(t.app)).form("/book", { destination: "Canada", visa_type: "study", type: typeId, slot: await times.next(), ...fields }),
  );
  expect(res.status).toBe(200);
  return t.db("bookings").where({ email: fields.email }).orderBy("created_at", "desc").first();
}

const ctx = () => ({ db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail, t.config.channels) });
const remind = (bookingId: string, lead: "24h" | "1h" = "24h") => sendReminder(ctx(), { bookingId, lead });
const rowsOf = (bookingId: string) => t.db("channel_messages").where({ booking_id: bookingId }).orderBy("created_at");
async function settled(bookingId: string) {
  await expect.poll(async () => (await rowsOf(bookingId)).map((r) => r.state).join(","), { timeout: 20_000 }).not.toMatch(/^$|queued/);
  return rowsOf(bookingId);
}

describe("a consultation's reminder on the phone", () => {
  it("goes by SMS at once to the number ticked on the booking form: when, in Lagos time, and the meeting link", async () => {
    const booking = await book({ name: "Ada Obi", email: "ada.r@example.com", phone: "0803 555 0301", sms: "yes" });
    await remind(booking.id);
    const [row] = await settled(booking.id);
    expect(row).toMatchObject({
      channel: "sms",
      kind: "consultation_reminder",
      to_phone: "+2348035550301",
      state: "sent",
      user_id: null,
      not_before: null,
    });
    const sent = sms.sent.find((s) => s.id === row.provider_id);
    const when = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "Africa/Lagos" }).format(
      new Date(booking.starts_at),
    );
    expect(sent?.sms).toMatch(new RegExp(`^Reminder: your consultation is tomorrow, ${when}, \\d\\d:\\d\\d \\(Lagos time\\)\\. Join: ${LINK}$`));
    expect(sent?.to).toBe("2348035550301");
    // The e-mail went too, as before: the phone adds to it.
    await t.smtp.waitFor((m) => m.to.includes("ada.r@example.com") && m.subject.startsWith("Reminder: your consultation"), 1, 20_000);
  });

  it("goes on WhatsApp outside the 24-hour window only as its approved template, with when and the way in", async () => {
    const booking = await book({ name: "Bayo Ade", email: "bayo.r@example.com", phone: "0803 555 0302", whatsapp: "yes" });
    await remind(booking.id, "1h");
    const [row] = await settled(booking.id);
    expect(row).toMatchObject({ channel: "whatsapp", to_phone: "+2348035550302", state: "sent" });
    const sent = wa.sent.find((s) => s.id === row.provider_id);
    expect(sent?.type).toBe("template");
    const body = JSON.stringify(sent?.body);
    expect(body).toContain(TEMPLATE);
    expect(body).toContain("in one hour, ");
    expect(body).toContain(`Join: ${LINK}`);

    // Inside the window (they wrote today), a text.
    const again = await book({ name: "Bayo Ade", email: "bayo.r2@example.com", phone: "0803 555 0303", whatsapp: "yes" });
    expect((await deliver(url, messageDelivery({ from: "2348035550303", text: "Hello" }), { appSecret: wa.env.WHATSAPP_APP_SECRET })).status).toBe(
      200,
    );
    await remind(again.id);
    const [text] = await settled(again.id);
    expect(wa.sent.find((s) => s.id === text.provider_id)?.type).toBe("text");
  });

  it("sends nothing on the phone to a visitor who ticked nothing, after a STOP from the number, or for a cancelled booking", async () => {
    const none = await book({ name: "Chi Eze", email: "chi.r@example.com", phone: "0803 555 0304" });
    await remind(none.id);
    expect(await rowsOf(none.id)).toEqual([]);

    // A STOP by SMS from the booking's number before the reminder: the booking's choice ended, nothing is queued.
    const stopped = await book({ name: "Dayo Ola", email: "dayo.r@example.com", phone: "0803 555 0305", sms: "yes" });
    expect((await report(url, inboundSms({ from: "2348035550305", text: "STOP" }), { secret: sms.env.TERMII_SECRET_KEY })).status).toBe(200);
    await remind(stopped.id);
    expect(await rowsOf(stopped.id)).toEqual([]);

    // Cancelled after the reminder was queued but before it went: the send finds it off and sends nothing (the row is
    // written as the queue writes it, without its job, so that the worker cannot take it first).
    const cancelled = await book({ name: "Efe Okon", email: "efe.r@example.com", phone: "0803 555 0306", sms: "yes" });
    const [queued] = await t
      .db("channel_messages")
      .insert({
        channel: "sms",
        kind: "consultation_reminder",
        booking_id: cancelled.id,
        to_phone: "+2348035550306",
        data: { when: "tomorrow", place: "Join" },
      })
      .returning("id");
    await t.db("bookings").where({ id: cancelled.id }).update({ status: "cancelled" });
    await sendPhoneMessage({ db: t.db, config: t.config, baseUrl: BASE_URL }, queued.id, { attempts: 1, maxAttempts: 5 });
    expect((await rowsOf(cancelled.id)).map((r) => r.state)).toEqual(["not_sent"]);
    expect(sms.sent.some((s) => s.to === "2348035550306")).toBe(false);
  });

  it("follows the account's own choice once the booking belongs to one", async () => {
    const person = await makeUser(t.db, { email: "funmi.r@example.com", fullName: "Funmi Bello" });
    const web = await signedIn(t.app, person);
    await web.post("/api/account/channels", { channelPhone: "0803 555 0307", sms: "yes" }).expect(200);
    const booking = await book({ name: "Funmi Bello", email: "funmi.r@example.com", phone: "0803 555 0308" });
    await t.db("bookings").where({ id: booking.id }).update({ user_id: person.id });
    await remind(booking.id);
    const [row] = await settled(booking.id);
    expect(row).toMatchObject({ channel: "sms", to_phone: "+2348035550307", user_id: person.id, state: "sent" });
  });
});
