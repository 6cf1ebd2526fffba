// Outside WhatsApp's 24-hour window every kind of message goes as a template approved by Meta: the kind's own where the
// settings name one, else the case update's, else (a consultation's reminder, which has no application to point at)
// none. The embassy's decision is a kind of its own on the phone, and its message says only that there is one: the
// outcome and its grounds stay behind the link. Through the staff's stage forms, the job worker and the local Cloud API.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateOf } from "../../server/channels/phoneTexts.ts";
import { loadConfig } from "../../server/config.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { insertApp } from "../helpers/admin.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import { signedSheet } from "../helpers/signatures.ts";
import { type LocalTermii, startLocalTermii } from "../helpers/termii.ts";
import { type LocalWhatsApp, startLocalWhatsApp } from "../helpers/whatsapp.ts";

let t: MailTestApp;
let wa: LocalWhatsApp;
let sms: LocalTermii;
let server: Server;
let officerUser: TestUser;
let officer: Client;
const TEMPLATES = { WHATSAPP_TEMPLATE_CASE_UPDATE: "case_update", WHATSAPP_TEMPLATE_DECISION: "case_decision" };

beforeAll(async () => {
  wa = await startLocalWhatsApp();
  sms = await startLocalTermii();
  t = await createMailTestApp({ ...wa.env, ...sms.env, ...TEMPLATES });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  for (const name of Object.values(TEMPLATES)) wa.templates.add(name);
  officerUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  officer = await signedIn(t.app, officerUser);
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await sms.stop();
  await t.close();
});

const daysAgo = (n: number) => addDays(lagosDay(new Date()), -n);

/** An approved case of the officer's, its sheet signed, its applicant on WhatsApp who has not written (window closed). */
async function approvedCase(digits: string, channels: Record<string, string> = { whatsapp: "yes" }) {
  const user = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  const web = await signedIn(t.app, user);
  await web.post("/api/account/channels", { channelPhone: `+${digits}`, ...channels }).expect(200);
  const app = await insertApp(t.db, user.id, {
    status: "approved",
    submitted_at: new Date(),
    assignee_id: officerUser.id,
    full_name: "Adaeze Nwosu",
    destination_country: "United Kingdom",
  });
  await signedSheet(t.db, app.id);
  return app;
}

function stageForm(id: string, stage: string, fields: Record<string, string>) {
  let req = officer.agent.post(`/admin/application/${id}/stages/${stage}?_csrf=${encodeURIComponent(officer.token)}`);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
}

/** The template each WhatsApp message of the case went as, once all have left: [kind, name, parameters]. */
async function sentTemplates(applicationId: string, count: number) {
  const rows = () => t.db("channel_messages").where({ application_id: applicationId, channel: "whatsapp" }).orderBy("created_at");
  await expect.poll(async () => (await rows()).filter((r) => r.state === "sent").length, { timeout: 20_000 }).toBe(count);
  return (await rows()).map((r) => {
    const sent = wa.sent.find((s) => s.id === r.provider_id);
    const template = ((sent?.body ?? {}) as { template?: { name: string; components: { parameters: { text: string }[] }[] } }).template;
    return {
      kind: r.kind,
      name: template?.name,
      parameters: template?.components[0].parameters.map((p) => p.text),
      body: JSON.stringify(sent?.body),
    };
  });
}

describe("WhatsApp templates by kind", () => {
  it("a stage goes as the case update; the decision as its own template, with no word of the outcome", async () => {
    const app = await approvedCase("2348051113301");
    await stageForm(app.id, "lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: daysAgo(5) }).expect(303);
    for (const s of ["appointment", "biometrics", "passport_held"])
      await officer.form(`/admin/application/${app.id}/stages/${s}/skip`, { reason: "e-visa" }).expect(303);
    await stageForm(app.id, "decision", {
      mode: "record",
      outcome: "refused",
      date: daysAgo(1),
      grounds: "Funds not shown for the whole stay",
    }).expect(303);

    const sent = await sentTemplates(app.id, 2);
    expect(sent.map(({ kind, name, parameters }) => ({ kind, name, parameters }))).toEqual([
      { kind: "case_update", name: "case_update", parameters: [app.reference_number, `${BASE_URL}/application/${app.id}`] },
      { kind: "decision", name: "case_decision", parameters: [app.reference_number, `${BASE_URL}/application/${app.id}#after-approval`] },
    ]);
    expect(sent[1].body).not.toMatch(/refus|Funds|GWF012345678/i);
  });
});

describe("a template WhatsApp refuses", () => {
  it("goes by SMS to a client who chose SMS too, as its text (the template's flag does not stop the SMS)", async () => {
    wa.refuse.add("2348051113302");
    const app = await approvedCase("2348051113302", { whatsapp: "yes", sms: "yes" });
    await stageForm(app.id, "lodged", { mode: "record", portal: "ukvi", reference: "GWF012345678", date: daysAgo(5) }).expect(303);
    const rows = () => t.db("channel_messages").where({ application_id: app.id }).orderBy("created_at");
    await expect.poll(async () => (await rows()).some((r) => r.channel === "sms"), { timeout: 20_000 }).toBe(true);
    expect((await rows())[0]).toMatchObject({ channel: "whatsapp", state: "failed" });
    // Not urgent: in the quiet hours it waits for 08:00 Lagos; as if the clock were past it, its job runs now.
    await t.db("graphile_worker._private_jobs").update({ run_at: t.db.fn.now() });
    await expect.poll(async () => (await rows()).find((r) => r.channel === "sms")?.state, { timeout: 20_000 }).toBe("sent");
    const text = sms.sent.find((m) => m.to === "2348051113302")?.sms;
    expect(text).toBe(`There is an update on your application ${app.reference_number}. See it here: ${BASE_URL}/application/${app.id}`);
  }, 60_000);
});

describe("which template a kind goes as", () => {
  const base = { ...whatsappEnv(), PUBLIC_URL: BASE_URL };
  const values = {
    reference: "VS-2026-000123",
    link: `${BASE_URL}/payment/x`,
    dueOn: "5 Dec 2026",
    when: "Tue 1 Dec, 10:00",
    centre: "VFS Global Lagos",
  };

  it("its own when named, with its own parameters", () => {
    const config = loadConfig(
      { ...base, WHATSAPP_TEMPLATE_PAYMENT_DUE: "instalment_due", WHATSAPP_TEMPLATE_APPOINTMENT_REMINDER: "visa_appointment" },
      () => {},
    );
    expect(templateOf(config, "payment_due", values)).toEqual({
      name: "instalment_due",
      language: "en",
      parameters: ["5 Dec 2026", "VS-2026-000123", `${BASE_URL}/payment/x`],
    });
    expect(templateOf(config, "appointment", values)?.parameters).toEqual(["Tue 1 Dec, 10:00", "VFS Global Lagos", `${BASE_URL}/payment/x`]);
    // Without the case update's template, a kind with none of its own has no way outside the window.
    expect(templateOf(config, "documents_requested", values)).toBeUndefined();
  });

  it("else the case update's; a consultation's reminder only its own", () => {
    const config = loadConfig({ ...base, WHATSAPP_TEMPLATE_CASE_UPDATE: "case_update" }, () => {});
    for (const kind of ["documents_requested", "document_returned", "payment_received", "payment_due", "appointment", "decision"] as const)
      expect(templateOf(config, kind, values), kind).toEqual({
        name: "case_update",
        language: "en",
        parameters: ["VS-2026-000123", `${BASE_URL}/payment/x`],
      });
    expect(templateOf(config, "consultation_reminder", values)).toBeUndefined();
  });

  it("a name Meta would refuse is a configuration error", () => {
    expect(() => loadConfig({ ...base, WHATSAPP_TEMPLATE_DECISION: "Case Decision" }, () => {})).toThrow(
      /WHATSAPP_TEMPLATE_DECISION: must be the template's name as approved by Meta/,
    );
  });
});

/** The WhatsApp channel's settings alone (the local server's address does not matter to the choice of template). */
function whatsappEnv() {
  return {
    WHATSAPP_API_URL: "http://127.0.0.1:9",
    WHATSAPP_TOKEN: "local-token-0123456789",
    WHATSAPP_PHONE_NUMBER_ID: "100000000000001",
    WHATSAPP_APP_SECRET: "local-app-secret-0123456789",
    WHATSAPP_VERIFY_TOKEN: "local-verify-token-0123456789",
  };
}
