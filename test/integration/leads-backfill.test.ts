// The leads migration fills the pipeline from what is already there: a lead per enquiring address (its first
// enquiry's name and source, every enquiry an event), and applicants who submitted, at applied or paid, linked to
// their account.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertApp } from "../helpers/admin.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const migrations = { directory: path.resolve("migrations"), loadExtensions: [".ts"] };
const NAME = "20261128000201_leads.ts";

it("backfills leads from enquiries and submitted applications, at the furthest stage their records show", async () => {
  await t.db.migrate.down({ ...migrations, name: NAME });
  try {
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 9));
    await t.db("enquiries").insert([
      { name: "Ada Obi", email: "ada@example.com", phone: "+2348031112233", message: "UK visa", package: "Dubai Getaway", created_at: day(1) },
      { name: "Ada O.", email: "ADA@example.com", phone: "+2348031112233", message: "Again", created_at: day(3) },
      { name: "Bayo", email: "bayo@example.com", phone: "+2348031112244", message: "Canada", created_at: day(2) },
    ]);
    const ada = await makeUser(t.db, { email: "Ada@Example.com", fullName: "Ada Obi" });
    await insertApp(t.db, ada.id, {
      status: "submitted",
      submitted_at: day(5),
      payment_status: "paid",
      amount_paid: 150,
      payment_reference: "PAY-1",
      paid_at: day(6),
    });
    const direct = await makeUser(t.db, { email: "direct@example.com", fullName: "Direct Person" });
    await insertApp(t.db, direct.id, { status: "submitted", submitted_at: day(7) });
    const drafter = await makeUser(t.db, { email: "drafter@example.com" });
    await insertApp(t.db, drafter.id);
  } finally {
    await t.db.migrate.up({ ...migrations, name: NAME });
  }
  const leads = await t.db("leads").orderBy("email");
  expect(leads.map((l) => [l.email, l.name, l.source, l.stage])).toEqual([
    ["ada@example.com", "Ada Obi", "package_book_now", "paid"],
    ["bayo@example.com", "Bayo", "contact_form", "new"],
    ["direct@example.com", "Direct Person", "portal", "applied"],
  ]);
  expect(leads[0].user_id).not.toBeNull();
  const events = await t.db("lead_events").where({ lead_id: leads[0].id }).orderBy("created_at");
  expect(events.map((e) => [e.kind, e.to_stage])).toEqual([
    ["enquiry", "new"],
    ["enquiry", null],
    ["submitted", "applied"],
    ["paid", "paid"],
  ]);
  expect(events[3].ref_id).toBe((await t.db("visa_applications").where({ user_id: leads[0].user_id }).first("id")).id);
});
