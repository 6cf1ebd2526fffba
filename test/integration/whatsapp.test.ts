// WhatsApp as a channel, against a real database and the local Cloud API compatible server's signed deliveries: the
// subscription handshake; a forged or missing signature is 401 and stores nothing; a client's reply lands in their
// most recent open application's conversation "via WhatsApp"; an unknown number (or one several people share) waits
// in the staff inbox; a delivery sent twice is stored once; STOP ends the channel; the consent on My account is kept
// with its number, words, date and place, as history, and refused input changes nothing.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { deliver, type LocalWhatsApp, messageDelivery, startLocalWhatsApp, statusDelivery, wamid } from "../helpers/whatsapp.ts";

let t: TestApp;
let wa: LocalWhatsApp;
let server: Server;
let url: string;
let staff: Client;
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  t = await createTestApp({ ...wa.env, SITE_NAME: "Horizon Gate Travel & Visa Consultants" });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await t.drop();
});

const send = (payload: unknown, signature?: string | false) => deliver(url, payload, { appSecret: wa.env.WHATSAPP_APP_SECRET, signature });
const stored = async () => ({
  inbound: Number((await t.db("whatsapp_inbound").count({ n: "*" }))[0].n),
  messages: Number((await t.db("application_messages").count({ n: "*" }))[0].n),
  consents: Number((await t.db("channel_consents").count({ n: "*" }))[0].n),
});

/** An applicant with a signed-in client, a profile phone (optional) and, when asked, WhatsApp chosen on My account. */
async function client(opts: { phone?: string; whatsappAt?: string; name?: string } = {}): Promise<{ user: TestUser; web: Client }> {
  const user = await makeUser(t.db, { fullName: opts.name ?? "Chidi Okafor" });
  if (opts.phone) await t.db("users").where({ id: user.id }).update({ phone: opts.phone });
  const web = await signedIn(t.app, user);
  if (opts.whatsappAt) await web.post("/api/account/channels", { channelPhone: opts.whatsappAt, whatsapp: "yes" }).expect(200);
  return { user, web };
}

describe("the webhook's handshake", () => {
  const handshake = (query: string) => fetch(`${url}/webhooks/whatsapp?${query}`);
  it("answers the challenge for subscribe with our verify token, and 403 otherwise", async () => {
    const ok = await handshake(`hub.mode=subscribe&hub.verify_token=${wa.env.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect((await handshake("hub.mode=subscribe&hub.verify_token=not-ours-at-all-no&hub.challenge=1158201444")).status).toBe(403);
    expect((await handshake(`hub.mode=unsubscribe&hub.verify_token=${wa.env.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
    expect((await handshake("hub.challenge=1")).status).toBe(403);
  });
});

describe("a delivery's signature", () => {
  it("forged, missing or over other bytes: 401 and nothing stored", async () => {
    const { user } = await client({ whatsappAt: "0803 111 2201" });
    await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
    const before = await stored();
    const payload = messageDelivery({ from: "2348031112201", text: "Did you get my bank statement?" });
    expect((await send(payload, false)).status).toBe(401);
    expect((await send(payload, `sha256=${"0".repeat(64)}`)).status).toBe(401);
    // Signed with another secret, and the right signature of other bytes.
    expect((await deliver(url, payload, { appSecret: "another-app-secret-entirely" })).status).toBe(401);
    const other = JSON.stringify(messageDelivery({ from: "2348031112201", text: "something else" }));
    const { sign } = await import("../helpers/whatsapp.ts");
    expect((await send(payload, sign(other, wa.env.WHATSAPP_APP_SECRET))).status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe("a message from a client", () => {
  it("lands in their most recent open application's conversation, marked via WhatsApp, and staff see it", async () => {
    const { user } = await client({ whatsappAt: "+234 803 111 2202" });
    await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date(), full_name: "Chidi Okafor" });
    const recent = await insertApp(t.db, user.id, { status: "under_review", submitted_at: new Date(), full_name: "Chidi Okafor" });
    // Newer still, but decided: not open.
    await insertApp(t.db, user.id, { status: "approved", submitted_at: new Date(), full_name: "Chidi Okafor" });
    const res = await send(messageDelivery({ from: "2348031112202", text: "  I have uploaded the bank statement.  " }));
    expect(res.status).toBe(200);
    const rows = await t.db("application_messages").where({ author_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      application_id: recent.id,
      author_role: "applicant",
      channel: "whatsapp",
      body: "I have uploaded the bank statement.",
    });
    expect(await t.db("whatsapp_inbound").where({ message_id: rows[0].id }).first()).toMatchObject({ outcome: "conversation", user_id: user.id });
    const page = (await staff.getJson(`/admin/application/${recent.id}`).expect(200)).body.props;
    expect(page.thread.messages).toEqual([
      expect.objectContaining({ body: "I have uploaded the bank statement.", tag: "via WhatsApp", isNew: true }),
    ]);
    expect(page.thread.intro).toMatch(/WhatsApp at \+2348031112202 since \d+ \w+ \d{4}; SMS not chosen\./);
  });

  it("from a number that is one person's profile phone (no consent given) lands in their case too", async () => {
    const { user } = await client({ phone: "+2348031112203" });
    const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
    expect((await send(messageDelivery({ from: "2348031112203", text: "Hello" }))).status).toBe(200);
    expect(await t.db("application_messages").where({ application_id: app.id })).toEqual([
      expect.objectContaining({ channel: "whatsapp", body: "Hello" }),
    ]);
  });

  it("from an unknown number, or one several people share, waits in the staff inbox", async () => {
    const a = await client({ phone: "+2348031112204" });
    const b = await client({ phone: "+2348031112204", name: "Ngozi Eze" });
    await insertApp(t.db, a.user.id, { status: "submitted", submitted_at: new Date() });
    await insertApp(t.db, b.user.id, { status: "submitted", submitted_at: new Date() });
    const before = await stored();
    expect((await send(messageDelivery({ from: "447911123456", text: "Do you do UK visitor visas?", name: "Tom" }))).status).toBe(200);
    expect((await send(messageDelivery({ from: "2348031112204", text: "Which of us is this?" }))).status).toBe(200);
    const after = await stored();
    expect(after.messages).toBe(before.messages);
    expect(after.inbound).toBe(before.inbound + 2);
    const inbox = (await staff.getJson("/admin/whatsapp").expect(200)).body.props.messages;
    expect(inbox.slice(0, 2)).toEqual([
      expect.objectContaining({ from: "+2348031112204", text: "Which of us is this?", why: "The number matches no client, or several." }),
      expect.objectContaining({ from: "+447911123456", name: "Tom", text: "Do you do UK visitor visas?" }),
    ]);
  });

  it("delivered twice (Meta's retry) is stored once", async () => {
    const { user } = await client({ whatsappAt: "08031112205" });
    const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
    const payload = messageDelivery({ from: "2348031112205", text: "Once only", id: wamid() });
    const answers = await Promise.all([send(payload), send(payload)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await send(payload)).status).toBe(200);
    expect(await t.db("application_messages").where({ application_id: app.id })).toHaveLength(1);
  });

  it("STOP ends the WhatsApp channel for that number at once, recorded; a status update stores nothing", async () => {
    const { user, web } = await client({ whatsappAt: "08031112206" });
    const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date() });
    expect((await send(messageDelivery({ from: "2348031112206", text: "  Stop " }))).status).toBe(200);
    const history = await t.db("channel_consents").where({ user_id: user.id }).orderBy("id");
    expect(history.map((h) => [h.opted_in, h.source, h.phone])).toEqual([
      [true, "account", "+2348031112206"],
      [false, "whatsapp_stop", "+2348031112206"],
    ]);
    expect(await t.db("application_messages").where({ application_id: app.id })).toHaveLength(0);
    expect(await t.db("audit_events").where({ action: "whatsapp_stopped", subject_id: user.id })).toHaveLength(1);
    const mine = (await web.getJson("/account").expect(200)).body.props.channels.choices;
    expect(mine.find((c: { channel: string }) => c.channel === "whatsapp").on).toBe(false);
    const before = await stored();
    expect((await send(statusDelivery({ id: wamid(), status: "delivered", recipient: "2348031112206" }))).status).toBe(200);
    expect(await stored()).toEqual(before);
  });
});

describe("consent on My account", () => {
  it("is kept with its number, the exact words shown, the date and the place; an opt-out and a re-opt-in are new rows", async () => {
    const { user, web } = await client();
    const shown = (await web.getJson("/account").expect(200)).body.props.channels.choices;
    const words = shown.find((c: { channel: string }) => c.channel === "whatsapp").words;
    expect(words).toMatch(/^Send me updates on WhatsApp from Horizon Gate Travel & Visa Consultants /);
    await web.post("/api/account/channels", { channelPhone: "0803 111 2207", whatsapp: "yes", sms: "yes" }).expect(200);
    await web.post("/api/account/channels", { channelPhone: "0803 111 2207", sms: "yes" }).expect(200);
    await web.post("/api/account/channels", { channelPhone: "0803 111 2207", sms: "yes", whatsapp: "yes" }).expect(200);
    const rows = await t.db("channel_consents").where({ user_id: user.id }).orderBy("id");
    expect(rows.map((r) => [r.channel, r.opted_in, r.phone, r.source])).toEqual([
      ["whatsapp", true, "+2348031112207", "account"],
      ["sms", true, "+2348031112207", "account"],
      ["whatsapp", false, "+2348031112207", "account"],
      ["whatsapp", true, "+2348031112207", "account"],
    ]);
    expect(rows[0].words).toBe(words);
    expect(rows[1].words).toMatch(/^Send me updates by SMS from Horizon Gate Travel & Visa Consultants /);
    expect(Date.now() - new Date(rows[3].created_at).getTime()).toBeLessThan(60_000);
    expect(await t.db("audit_events").where({ action: "channels_changed", subject_id: user.id })).toHaveLength(3);
  });

  it("refused input changes nothing and says why beside the number", async () => {
    const { user, web } = await client({ whatsappAt: "08031112208" });
    const before = await t.db("channel_consents").where({ user_id: user.id });
    const noNumber = await web.post("/api/account/channels", { channelPhone: "", whatsapp: "yes", sms: "yes" }).expect(400);
    expect(noNumber.body.error.fields.channelPhone).toMatch(/^Enter the mobile number/);
    const badNumber = await web.post("/api/account/channels", { channelPhone: "0803 11", sms: "yes" }).expect(400);
    expect(badNumber.body.error.fields.channelPhone).toMatch(/^Enter a mobile number we can reach/);
    await web.post("/api/account/channels", { channelPhone: "08031112208", whatsapp: "maybe" }).expect(400);
    expect(await t.db("channel_consents").where({ user_id: user.id })).toEqual(before);
  });
});
