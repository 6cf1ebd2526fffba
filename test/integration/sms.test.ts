// SMS through the local Termii compatible server, and the one queue of the phone channels: a request coming due goes
// by SMS to a client who chose SMS (a link, never the words of the case); a WhatsApp message that fails falls back to
// SMS once, however often the failure is reported; Termii's signed reports move a message on (a forged one changes
// nothing); a STOP by SMS ends the channel before a queued message goes; quiet hours hold what is not urgent.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindDueRequests } from "../../server/actions/documentRequests/remindDueRequests.ts";
import { termiiChannel } from "../../server/channels/termii.ts";
import { checkChannels } from "../../server/cli/doctorChannels.ts";
import { loadConfig } from "../../server/config.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { quietHoursEnd } from "../../server/domain/channels.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { insertApp } from "../helpers/admin.ts";
import { TEST_SESSION_SECRET } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp, noticesDecided } from "../helpers/mail.ts";
import { deliveryReport, inboundSms, type LocalTermii, report, startLocalTermii } from "../helpers/termii.ts";
import { deliver, type LocalWhatsApp, messageDelivery, startLocalWhatsApp, statusDelivery } from "../helpers/whatsapp.ts";

let t: MailTestApp;
let wa: LocalWhatsApp;
let sms: LocalTermii;
let server: Server;
let url: string;
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  sms = await startLocalTermii();
  t = await createMailTestApp({ ...wa.env, ...sms.env, WHATSAPP_TEMPLATE_NEW_MESSAGE: "case_new_message" });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await sms.stop();
  await t.close();
});

const WORDS = "Your passport number A12345678 is fine; please bring the bank statement.";
const signedReport = (payload: unknown) => report(url, payload, { secret: sms.env.TERMII_SECRET_KEY });

async function client(digits: string, choose: { whatsapp?: boolean; sms?: boolean; wrote?: boolean }) {
  const user = await makeUser(t.db, { fullName: "Ngozi Eze" });
  const web = await signedIn(t.app, user);
  const body: Record<string, string> = { channelPhone: `+${digits}` };
  if (choose.whatsapp) body.whatsapp = "yes";
  if (choose.sms) body.sms = "yes";
  await web.post("/api/account/channels", body).expect(200);
  const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
  if (choose.wrote)
    expect((await deliver(url, messageDelivery({ from: digits, text: "Hello" }), { appSecret: wa.env.WHATSAPP_APP_SECRET })).status).toBe(200);
  return { user, web, app };
}

const rowsOf = (applicationId: string) => t.db("channel_messages").where({ application_id: applicationId }).orderBy("created_at");
const settled = async (applicationId: string, channel: string) => {
  await expect
    .poll(async () => (await rowsOf(applicationId)).find((r) => r.channel === channel)?.state ?? "absent", { timeout: 20_000 })
    .not.toMatch(/^(absent|queued)$/);
  return (await rowsOf(applicationId)).find((r) => r.channel === channel);
};

async function remindOf(applicationId: string, userId: string) {
  const dueOn = addDays(lagosDay(new Date()), 2);
  await t.db("document_requests").insert({
    application_id: applicationId,
    label: "Bank statement, last six months",
    document_type: "bank_statement",
    due_on: dueOn,
    status: "open",
    requested_by: userId,
  });
  const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail, t.config.channels) };
  expect(await remindDueRequests(ctx, { userId: null, via: "system" }, { applicationId, dueOn })).toEqual({ reminded: 1 });
}

describe("SMS", () => {
  it("a request coming due goes by SMS to a client who chose SMS: a link and the date, never the case's words", async () => {
    const staffUser = await makeUser(t.db, { admin: true });
    const { app } = await client("2348051112201", { sms: true });
    await remindOf(app.id, staffUser.id);
    const row = await settled(app.id, "sms");
    expect(row).toMatchObject({ state: "sent", kind: "request_due", to_phone: "+2348051112201", not_before: null });
    const sent = sms.sent.find((s) => s.id === row.provider_id);
    expect(sent).toMatchObject({ to: "2348051112201", from: "HorizonGate", channel: "dnd" });
    expect(sent?.sms).toContain(`${BASE_URL}/application/${app.id}`);
    expect(sent?.sms).toContain(app.reference_number);
    expect(sent?.sms).not.toContain("Bank statement");
    expect(sent?.sms.length).toBeLessThanOrEqual(160);

    // Termii's report: a forged or unsigned one is refused and changes nothing; a signed one moves it on, with its cost.
    const delivered = deliveryReport({ messageId: row.provider_id, to: "2348051112201", status: "DELIVERED", cost: "4.50" });
    expect((await report(url, delivered, { secret: "not-the-secret-key-at-all" })).status).toBe(401);
    expect((await report(url, delivered, { secret: "", signature: false })).status).toBe(401);
    expect((await rowsOf(app.id))[0].state).toBe("sent");
    expect((await signedReport(delivered)).status).toBe(200);
    const after = (await rowsOf(app.id))[0];
    expect(after).toMatchObject({ state: "delivered" });
    expect(Number(after.cost)).toBe(4.5);
    // A late "Message Sent" never takes it back.
    expect((await signedReport(deliveryReport({ messageId: row.provider_id, to: "2348051112201", status: "Message Sent" }))).status).toBe(200);
    expect((await rowsOf(app.id))[0].state).toBe("delivered");

    // /metrics counts messages by channel and state, and what they cost.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^phone_messages\{channel="sms",state="delivered"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^phone_messages_cost_naira\{channel="sms"\} [1-9][\d.]*$/m);
  });

  it("a visa-centre appointment's reminder is urgent: by SMS at once, with the time, the centre and a link", async () => {
    const c = await client("2348051112211", { sms: true });
    const outbox = createOutbox(t.config.mail, t.config.channels);
    await outbox.queue(t.db, {
      kind: "appointment_reminder",
      to: c.user.email,
      userId: c.user.id,
      applicationId: c.app.id,
      data: {
        name: "Ngozi Eze",
        reference: c.app.reference_number,
        applicationId: c.app.id,
        lead: "morning",
        when: "Thu 3 Dec 2026, 09:30",
        centre: "VFS Global Lagos",
        address: "Ikoyi, Lagos",
        centreReference: "LOS-1",
        bring: "Passport",
      },
    });
    const row = await settled(c.app.id, "sms");
    expect(row).toMatchObject({ state: "sent", kind: "appointment", not_before: null });
    const text = sms.sent.find((m) => m.id === row.provider_id)?.sms;
    expect(text).toBe(
      `Reminder: visa appointment Thu 3 Dec 2026, 09:30 at VFS Global Lagos. What to bring: ${BASE_URL}/application/${c.app.id}#after-approval`,
    );
  });

  it("an instalment coming due reaches WhatsApp with its date and the payment page's link, never the amount's words", async () => {
    const c = await client("2348051112212", { whatsapp: true, wrote: true });
    const outbox = createOutbox(t.config.mail, t.config.channels);
    await outbox.queue(t.db, {
      kind: "instalment_due",
      to: c.user.email,
      userId: c.user.id,
      applicationId: c.app.id,
      data: {
        name: "Ngozi Eze",
        reference: c.app.reference_number,
        applicationId: c.app.id,
        amount: "₦116,250.00",
        due: "3 Dec 2026",
        position: 2,
        count: 2,
        lead: "3d",
      },
    });
    const row = await settled(c.app.id, "whatsapp");
    expect(row).toMatchObject({ state: "sent", kind: "payment_due" });
    const sent = wa.sent.find((m) => m.id === row.provider_id);
    expect(JSON.stringify(sent?.body)).toContain(
      `Payment due 3 Dec 2026 for your application ${c.app.reference_number}. Pay here: ${BASE_URL}/payment/${c.app.id}`,
    );
    expect(JSON.stringify(sent?.body)).not.toContain("116,250");
  });

  it("a client who chose only e-mail, or whose SMS choice ended by STOP, gets no SMS", async () => {
    const staffUser = await makeUser(t.db, { admin: true });
    const none = await client("2348051112202", {});
    await remindOf(none.app.id, staffUser.id);
    await noticesDecided(t.db);
    expect(await rowsOf(none.app.id)).toEqual([]);

    const stopped = await client("2348051112203", { sms: true });
    expect((await signedReport(inboundSms({ from: "2348051112203", text: " Stop " }))).status).toBe(200);
    const consent = await t.db("channel_consents").where({ user_id: stopped.user.id, channel: "sms" }).orderBy("id", "desc").first();
    expect(consent).toMatchObject({ opted_in: false, source: "sms_stop", phone: "+2348051112203" });
    await remindOf(stopped.app.id, staffUser.id);
    await noticesDecided(t.db);
    expect(await rowsOf(stopped.app.id)).toEqual([]);
    // The same STOP delivered again adds nothing; another text is not read into anything.
    const before = await t.db("channel_consents").where({ user_id: stopped.user.id }).count({ n: "*" });
    expect((await signedReport(inboundSms({ from: "2348051112203", text: "STOP" }))).status).toBe(200);
    expect((await signedReport(inboundSms({ from: "2348051112203", text: "When is my appointment?" }))).status).toBe(200);
    expect(await t.db("channel_consents").where({ user_id: stopped.user.id }).count({ n: "*" })).toEqual(before);
  });

  it("a WhatsApp message refused for good falls back to SMS once; a failed status does too, once however often reported", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const refused = await client("2348051112204", { whatsapp: true, sms: true, wrote: true });
    wa.refuse.add("2348051112204");
    await staff.post(`/api/admin/applications/${refused.app.id}/messages`, { body: WORDS }).expect(201);
    const failed = await settled(refused.app.id, "whatsapp");
    expect(failed).toMatchObject({ state: "failed", error: "400 Message undeliverable" });
    await expect.poll(async () => (await rowsOf(refused.app.id)).length, { timeout: 10_000 }).toBe(2);
    const fallback = (await rowsOf(refused.app.id)).find((r) => r.channel === "sms");
    expect(fallback).toMatchObject({ kind: "staff_message", fallback_for: failed.id, to_phone: "+2348051112204" });
    // A staff message is not urgent: in quiet hours its SMS waits for 08:00 Lagos time.
    const quiet = quietHoursEnd(new Date(fallback.created_at));
    if (quiet) expect(new Date(fallback.not_before).toISOString()).toBe(quiet.toISOString());
    else {
      const sent = await settled(refused.app.id, "sms");
      expect(sent.state).toBe("sent");
      const text = sms.sent.find((s) => s.id === sent.provider_id)?.sms ?? "";
      expect(text).toContain(`${BASE_URL}/application/${refused.app.id}#messages`);
      expect(text).not.toContain("A12345678");
    }

    const reported = await client("2348051112205", { whatsapp: true, sms: true, wrote: true });
    await staff.post(`/api/admin/applications/${reported.app.id}/messages`, { body: WORDS }).expect(201);
    const sent = await settled(reported.app.id, "whatsapp");
    expect(sent.state).toBe("sent");
    const failure = statusDelivery({ id: sent.provider_id, status: "failed", recipient: "2348051112205" });
    for (let i = 0; i < 3; i++) expect((await deliver(url, failure, { appSecret: wa.env.WHATSAPP_APP_SECRET })).status).toBe(200);
    const rows = await rowsOf(reported.app.id);
    expect(rows.map((r) => [r.channel, r.state === "failed" ? "failed" : "later"])).toEqual([
      ["whatsapp", "failed"],
      ["sms", "later"],
    ]);
    expect(rows[1].fallback_for).toBe(sent.id);
  });

  it("outside WhatsApp's 24-hour window a staff message goes as its approved template; a kind without one does not go", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    wa.templates.add("case_new_message");
    const c = await client("2348051112207", { whatsapp: true });
    await staff.post(`/api/admin/applications/${c.app.id}/messages`, { body: WORDS }).expect(201);
    const row = await settled(c.app.id, "whatsapp");
    expect(row).toMatchObject({ state: "sent", kind: "staff_message" });
    const sent = wa.sent.find((s) => s.id === row.provider_id);
    expect(sent?.type).toBe("template");
    expect((sent?.body as { template?: unknown } | undefined)?.template).toEqual({
      name: "case_new_message",
      language: { code: "en" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: c.app.reference_number },
            { type: "text", text: `${BASE_URL}/application/${c.app.id}#messages` },
          ],
        },
      ],
    });
    expect(JSON.stringify(sent?.body)).not.toContain("A12345678");
    // No template is named for a request coming due: a client on WhatsApp alone, outside the window, gets only the e-mail.
    await remindOf(c.app.id, c.user.id);
    await noticesDecided(t.db);
    expect((await rowsOf(c.app.id)).map((r) => r.kind)).toEqual(["staff_message"]);
  });

  it("the Outbox lists failed WhatsApp and SMS messages; a manager's Retry sends one again, once", async () => {
    const manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const staffUser = await makeUser(t.db, { admin: true });
    const c = await client("2348051112208", { sms: true });
    sms.refuse.add("2348051112208");
    await remindOf(c.app.id, staffUser.id);
    const failed = await settled(c.app.id, "sms");
    expect(failed).toMatchObject({ state: "failed", error: "400 Unable to route message" });
    const props = (await manager.getJson("/admin/outbox").expect(200)).body.props;
    expect(props.phoneChannels).toEqual(["WhatsApp", "SMS"]);
    expect(props.phoneMessages).toContainEqual(
      expect.objectContaining({ id: failed.id, channel: "SMS", about: "Document due", to: "+2348051112208", applicationId: c.app.id }),
    );

    await manager.post("/api/admin/phone-messages/not-an-id/retry", {}).expect(404);
    sms.refuse.delete("2348051112208");
    await manager.post(`/api/admin/phone-messages/${failed.id}/retry`, {}).expect(200);
    // Not failed any more: a second Retry finds nothing to do and changes nothing.
    await manager.post(`/api/admin/phone-messages/${failed.id}/retry`, {}).expect(404);
    await expect.poll(async () => (await rowsOf(c.app.id))[0].state, { timeout: 15_000 }).toBe("sent");
    expect(sms.sent.filter((m) => m.to === "2348051112208")).toHaveLength(1);
    expect(await t.db("audit_events").where({ action: "phone_message_retried", subject_id: failed.id })).toHaveLength(1);
  });

  it("a status change goes on WhatsApp once its undo window has passed; an undone one does not go", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const kept = await client("2348051112209", { whatsapp: true, wrote: true });
    const undone = await client("2348051112210", { whatsapp: true, wrote: true });
    const approve = async (id: string) =>
      (await staff.patch(`/api/admin/applications/${id}/status`, { status: "approved", shownStatus: "submitted" }).expect(200)).body.undo;
    const first = await approve(kept.app.id);
    const second = await approve(undone.app.id);
    // Nothing is recorded on the phone within the window: its notice is a job that runs when the window ends.
    expect(await rowsOf(kept.app.id)).toEqual([]);
    const email = await t.db("email_messages").where({ application_id: kept.app.id }).first("id");
    const notice = await t
      .db("graphile_worker.jobs")
      .where({ key: `phone-notice:${email.id}` })
      .first("run_at");
    expect(new Date(notice.run_at).toISOString()).toBe(new Date(first.until).toISOString());
    await staff.post(`/api/admin/applications/${undone.app.id}/status/undo`, { changeId: second.changeId }).expect(200);
    // As if the clock were past the window: every waiting job runs now.
    await t.db("graphile_worker._private_jobs").update({ run_at: t.db.fn.now() });
    expect((await settled(kept.app.id, "whatsapp")).state).toBe("sent");
    await noticesDecided(t.db);
    expect(await rowsOf(undone.app.id)).toEqual([]);
    const text = (wa.sent.find((m) => m.to === "2348051112209")?.body as { text?: { body: string } } | undefined)?.text?.body;
    expect(text).toBe(`There is an update on your application ${kept.app.reference_number}. See it here: ${BASE_URL}/application/${kept.app.id}`);
  });

  it("the staff case page says each channel's last delivery state", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const c = await client("2348051112206", { sms: true });
    await t.db("channel_messages").insert({
      channel: "sms",
      kind: "request_due",
      user_id: c.user.id,
      application_id: c.app.id,
      to_phone: "+2348051112206",
      state: "failed",
      error: "DND Active on Phone Number",
    });
    const html = (await staff.get(`/admin/application/${c.app.id}`).expect(200)).text;
    expect(html).toContain("SMS at +2348051112206 since");
    expect(html).toContain("last message failed (DND Active on Phone Number) on");
  });
});

describe("the pieces", () => {
  it("quiet hours are 20:00 to 08:00 Lagos time (UTC+1)", () => {
    expect(quietHoursEnd(new Date("2026-12-03T06:59:00Z"))?.toISOString()).toBe("2026-12-03T07:00:00.000Z");
    expect(quietHoursEnd(new Date("2026-12-03T07:00:00Z"))).toBeUndefined();
    expect(quietHoursEnd(new Date("2026-12-03T18:59:00Z"))).toBeUndefined();
    expect(quietHoursEnd(new Date("2026-12-03T19:00:00Z"))?.toISOString()).toBe("2026-12-04T07:00:00.000Z");
    expect(quietHoursEnd(new Date("2026-12-31T23:30:00Z"))?.toISOString()).toBe("2027-01-01T07:00:00.000Z");
  });

  it("Termii's report words map to states; unknown words are left unread", () => {
    const parse = (status: string) =>
      termiiChannel.parseWebhook(Buffer.from(JSON.stringify(deliveryReport({ messageId: "1", to: "2348000000000", status }))));
    expect(parse("DELIVERED | Message delivered to handset")?.statuses[0]?.state).toBe("delivered");
    expect(parse("Delivered")?.statuses[0]?.state).toBe("delivered");
    expect(parse("Message Sent")?.statuses[0]?.state).toBe("sent");
    expect(parse("DND Active on Phone Number")?.statuses[0]).toMatchObject({ state: "failed", reason: "DND Active on Phone Number" });
    expect(parse("Message Failed")?.statuses[0]?.state).toBe("failed");
    expect(parse("Something new")?.statuses).toEqual([]);
    expect(termiiChannel.parseWebhook(Buffer.from("not json"))).toBeUndefined();
  });

  it("the doctor says SMS is off, on (with the account's balance and its sender ID's approval), or half set up", async () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET, ...env }, () => {});
    const line = async (env: Record<string, string>) => (await checkChannels(config(env), env))[1];
    expect(await line({})).toMatchObject({ text: expect.stringContaining("SMS is off (no TERMII_ settings)") });
    expect(await line(sms.env)).toMatchObject({
      mark: "ok",
      text: expect.stringContaining(`SMS is configured and Termii answers: account Horizon Gate, balance ${sms.balance()} NGN`),
    });
    // The sender ID, found on the list's second page: under review, refused, or not the account's.
    sms.senderIds.set(sms.env.TERMII_SENDER_ID, "pending");
    expect(await line(sms.env)).toMatchObject({
      mark: "warn",
      text: expect.stringContaining('sender ID HorizonGate is still under review ("pending")'),
    });
    sms.senderIds.set(sms.env.TERMII_SENDER_ID, "block");
    expect(await line(sms.env)).toMatchObject({ mark: "fail", text: expect.stringContaining('as refused ("block")') });
    sms.senderIds.set(sms.env.TERMII_SENDER_ID, "unblock");
    expect(await line({ ...sms.env, TERMII_SENDER_ID: "HorizonGat" })).toMatchObject({
      mark: "fail",
      text: expect.stringContaining("Termii's account has no sender ID HorizonGat (it has Other1, Other2, Other3, Other4, Other5, …)"),
    });
    const half = { TERMII_API_KEY: sms.env.TERMII_API_KEY };
    expect(await line(half)).toMatchObject({
      text: "SMS is off: TERMII_SENDER_ID, TERMII_SECRET_KEY not set while TERMII_API_KEY is; set all three (docs/operating/sms.md).",
    });
  });
});
