// A completed checklist leads to the application: its answers land where the wizard asks for them (name, e-mail,
// phone, destination), the phone also on the account when it has none, all or nothing in one transaction; the
// checklist then points to that application instead of starting another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKLIST_NOT_COMPLETE } from "../../server/actions/checklists/startApplication.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let ada: TestUser;
let a: Client;
let b: Client;
beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_DRAFTS: "2" });
  ada = await makeUser(t.db, { fullName: "Ada Nwosu" });
  a = await signedIn(t.app, ada);
  b = await signedIn(t.app, await makeUser(t.db, { fullName: "Bayo Ojo" }));
});
afterAll(() => t.drop());

const ANSWERS = { "1": "Ada Chioma Nwosu", "2": "ada.nwosu@example.com", "3": "0803 123 4567", "4": "Canada", "5": "I studied in Ghana." };

async function completedChecklist(client: Client, values: Record<string, string> = ANSWERS): Promise<string> {
  const res = await client.post("/api/checklists", { title: "", values }).expect(201);
  return res.body.checklist.id;
}

describe("starting the application from a checklist", () => {
  it("carries the name, e-mail, phone and destination to a new draft at step 1 and the phone to the account, once", async () => {
    const id = await completedChecklist(a);
    const res = await a.post(`/api/checklists/${id}/application`, {}).expect(201);
    const draft = await t.db("visa_applications").where({ id: res.body.applicationId }).first();
    expect(draft).toMatchObject({
      user_id: ada.id,
      status: "draft",
      current_step: 1,
      full_name: "Ada Chioma Nwosu",
      email: "ada.nwosu@example.com",
      phone: "+2348031234567",
      destination_country: "Canada",
    });
    expect((await t.db("users").where({ id: ada.id }).first("phone")).phone).toBe("+2348031234567");
    expect((await t.db("checklists").where({ id }).first("application_id")).application_id).toBe(draft.id);

    // Again: the same application, no second draft.
    const again = await a.post(`/api/checklists/${id}/application`, {}).expect(200);
    expect(again.body).toEqual({ applicationId: draft.id, started: false });
    expect(await t.db("visa_applications").where({ user_id: ada.id }).count({ n: "*" })).toEqual([{ n: 1 }]);

    // The dashboard lists the checklist with the application it led to.
    const dashboard = await a.get("/dashboard").set("Accept", "application/json").expect(200);
    expect(dashboard.body.props.checklists).toEqual([expect.objectContaining({ id, status: "completed", application_id: draft.id })]);
  });

  it("keeps a phone the account already has, and starts a second application from a second checklist", async () => {
    await t.db("users").where({ id: ada.id }).update({ phone: "+447700900123" });
    const id = await completedChecklist(a, { ...ANSWERS, "3": "0805 000 1111" });
    const res = await a.post(`/api/checklists/${id}/application`, {}).expect(201);
    expect((await t.db("visa_applications").where({ id: res.body.applicationId }).first("phone")).phone).toBe("+2348050001111");
    expect((await t.db("users").where({ id: ada.id }).first("phone")).phone).toBe("+447700900123");
  });

  it("refuses a checklist not yet complete, another applicant's (404) and one past the open-draft limit, changing nothing", async () => {
    const snapshot = async () => ({
      drafts: await t.db("visa_applications").count({ n: "*" }),
      linked: await t.db("checklists").whereNotNull("application_id").count({ n: "*" }),
      phones: await t.db("users").whereNotNull("phone").count({ n: "*" }),
    });
    const before = await snapshot();
    const partial = await completedChecklist(a, { "1": "Ada" });
    const refused = await a.post(`/api/checklists/${partial}/application`, {}).expect(409);
    expect(refused.body.error.message).toBe(CHECKLIST_NOT_COMPLETE);

    const adas = await completedChecklist(a);
    await b.post(`/api/checklists/${adas}/application`, {}).expect(404);
    await a.post("/api/checklists/not-a-uuid/application", {}).expect(404);

    // Ada has two open drafts, the limit here: a third is refused, and neither the checklist nor the account changes.
    const limit = await a.post(`/api/checklists/${adas}/application`, {}).expect(409);
    expect(limit.body.error.message).toMatch(/^You already have 2 applications in progress/);
    expect(await snapshot()).toEqual(before);
  });

  it("writes nothing when a step of the transaction fails: no draft, no link, no account phone", async () => {
    const bayo = await makeUser(t.db, { fullName: "Bayo Ojo" });
    const client = await signedIn(t.app, bayo);
    const id = await completedChecklist(client);
    // The last write, the account's phone, fails (the users table refuses a new phone for a moment): the draft and the
    // checklist's link to it, written before, go too.
    await t.db.raw(`CREATE FUNCTION refuse_phone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await t.db.raw(
      "CREATE TRIGGER refuse_phone BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.phone IS DISTINCT FROM OLD.phone) EXECUTE FUNCTION refuse_phone()",
    );
    try {
      await client.post(`/api/checklists/${id}/application`, {}).expect(500);
    } finally {
      await t.db.raw("DROP TRIGGER refuse_phone ON users");
      await t.db.raw("DROP FUNCTION refuse_phone()");
    }
    expect(await t.db("visa_applications").where({ user_id: bayo.id })).toEqual([]);
    expect((await t.db("users").where({ id: bayo.id }).first("phone")).phone).toBeNull();
    expect((await t.db("checklists").where({ id }).first("application_id")).application_id).toBeNull();
  });
});
