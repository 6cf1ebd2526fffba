// A staff message reaches the applicant on WhatsApp too, through the outbox's queue and the local Cloud API compatible
// server: only when they chose WhatsApp and wrote from that number within 24 hours, with a link and never the words;
// a STOP before its notice is decided records nothing, and one between the recording and the sending stops it; Meta's
// status updates move it on.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueOn } from "../../server/channels/phoneMessages.ts";
import type { JobWorker } from "../../server/jobs/worker.ts";
import { insertApp } from "../helpers/admin.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp, noticesDecided, startTestWorker } from "../helpers/mail.ts";
import { deliver, type LocalWhatsApp, messageDelivery, startLocalWhatsApp, statusDelivery } from "../helpers/whatsapp.ts";

let t: MailTestApp;
let wa: LocalWhatsApp;
let server: Server;
let url: string;
let staff: Client;
let restarted: JobWorker | undefined;
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  t = await createMailTestApp(wa.env);
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  // The worker this file started again (the first was stopped on purpose), the mail server and the database.
  await (restarted ?? t.worker).stop();
  await t.smtp.stop();
  await t.drop();
});

const send = (payload: unknown) => deliver(url, payload, { appSecret: wa.env.WHATSAPP_APP_SECRET });
const WORDS = "Your passport number A12345678 is fine; please bring the bank statement.";

async function client(digits: string, opts: { optIn?: boolean; wrote?: boolean } = {}) {
  const user = await makeUser(t.db, { fullName: "Chidi Okafor" });
  const web = await signedIn(t.app, user);
  if (opts.optIn ?? true) await web.post("/api/account/channels", { channelPhone: `+${digits}`, whatsapp: "yes" }).expect(200);
  const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
  if (opts.wrote ?? true) expect((await send(messageDelivery({ from: digits, text: "Any news?" }))).status).toBe(200);
  return { user, web, app };
}

const settled = async (applicationId: string) => {
  await expect
    .poll(async () => (await t.db("channel_messages").where({ application_id: applicationId }).first())?.state ?? "absent", {
      timeout: 15_000,
    })
    .not.toMatch(/^(absent|queued)$/);
  return t.db("channel_messages").where({ application_id: applicationId }).first();
};

describe("a staff message on WhatsApp", () => {
  it("goes to a client who chose WhatsApp and wrote within 24 hours: a link, never the words; statuses move it on", async () => {
    const { app } = await client("2348031113301");
    await staff.post(`/api/admin/applications/${app.id}/messages`, { body: WORDS }).expect(201);
    const row = await settled(app.id);
    expect(row).toMatchObject({ state: "sent", to_phone: "+2348031113301" });
    const sent = wa.sent.find((s) => s.id === row.provider_id);
    expect(sent).toMatchObject({ to: "2348031113301", type: "text" });
    const text = (sent?.body as { text: { body: string } } | undefined)?.text.body ?? "";
    expect(text).toContain(`${BASE_URL}/application/${app.id}#messages`);
    expect(text).toContain(app.reference_number);
    expect(text).not.toContain("A12345678");
    expect(text).not.toContain("bank statement");
    expect((await send(statusDelivery({ id: row.provider_id, status: "delivered", recipient: "2348031113301" }))).status).toBe(200);
    expect((await send(statusDelivery({ id: row.provider_id, status: "read", recipient: "2348031113301" }))).status).toBe(200);
    // A late "sent" never takes it back.
    expect((await send(statusDelivery({ id: row.provider_id, status: "sent", recipient: "2348031113301" }))).status).toBe(200);
    expect((await t.db("channel_messages").where({ id: row.id }).first()).state).toBe("read");
  });

  it("is not sent without consent, outside the 24-hour window, or after a STOP", async () => {
    const before = wa.sent.length;
    const noConsent = await client("2348031113302", { optIn: false });
    const silent = await client("2348031113303", { wrote: false });
    const old = await client("2348031113304");
    await t
      .db("whatsapp_inbound")
      .where({ from_phone: "+2348031113304" })
      .update({ received_at: new Date(Date.now() - 25 * 3_600_000) });
    for (const c of [noConsent, silent, old]) await staff.post(`/api/admin/applications/${c.app.id}/messages`, { body: WORDS }).expect(201);
    await noticesDecided(t.db);
    for (const c of [noConsent, silent, old]) expect(await t.db("channel_messages").where({ application_id: c.app.id })).toEqual([]);

    // A STOP after the staff message, before its notice is decided: nothing is recorded to send.
    const early = await client("2348031113306");
    await t.worker.stop();
    await staff.post(`/api/admin/applications/${early.app.id}/messages`, { body: WORDS }).expect(201);
    expect((await send(messageDelivery({ from: "2348031113306", text: "STOP" }))).status).toBe(200);
    // A STOP after the message was recorded, before it is sent: the send checks the choice again and sends nothing.
    const stopped = await client("2348031113305");
    await t.db.transaction((trx) =>
      queueOn(trx, "whatsapp", {
        userId: stopped.user.id,
        applicationId: stopped.app.id,
        bookingId: null,
        kind: "staff_message",
        to: "+2348031113305",
        data: {},
      }),
    );
    expect((await send(messageDelivery({ from: "2348031113305", text: "STOP" }))).status).toBe(200);
    restarted = await startTestWorker(t, { SMTP_URL: t.smtp.url, PUBLIC_URL: BASE_URL, ...wa.env });
    expect((await settled(stopped.app.id)).state).toBe("not_sent");
    await noticesDecided(t.db);
    expect(await t.db("channel_messages").where({ application_id: early.app.id })).toEqual([]);
    expect(wa.sent.length).toBe(before);
  });
});
