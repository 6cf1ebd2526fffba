// Passports and visas expiring, for a call (/admin/expiring): open cases whose passport expires within six months of
// the planned return date while the trip is ahead, and issued visas ending within 30 days for clients with more than
// one application. A manager sees everyone's; an officer their own cases' only; an applicant never reaches it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import type { ExpiringProps } from "../../views/pages/admin/expiringTypes.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let manager: Client;
let amakaUser: TestUser;
let amaka: Client;
let bayoUser: TestUser;
let applicant: Client;
const today = lagosDay(new Date());

/** An application of a new client's (or `userId`'s) with its passport and trip dates. */
async function app(name: string, officer: TestUser | null, fields: Record<string, unknown>, userId?: string) {
  const owner = userId ?? (await makeUser(t.db, { fullName: name })).id;
  const row = await insertApp(t.db, owner, {
    status: "submitted",
    submitted_at: new Date(),
    assignee_id: officer?.id ?? null,
    full_name: name,
    phone: "08031234567",
    destination_country: "United Kingdom",
    ...fields,
  });
  return { ...row, userId: owner };
}

async function issued(applicationId: string, validTo: string) {
  await t.db("case_stages").insert({
    application_id: applicationId,
    stage: "decision",
    state: "done",
    on_date: addDays(today, -60),
    details: JSON.stringify({ outcome: "issued", visaType: "Standard Visitor", validFrom: addDays(today, -60), validTo, entries: "multiple" }),
  });
}

const lists = async (client: Client) => (await client.getJson("/admin/expiring").expect(200)).body.props as ExpiringProps;
const namesOf = (entries: { name: string }[]) => entries.map((e) => e.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  amakaUser = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  amaka = await signedIn(t.app, amakaUser);
  bayoUser = await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" });
  applicant = await signedIn(t.app, await makeUser(t.db));
  const trip = { arrival_date: addDays(today, 30), departure_date: addDays(today, 44) };
  // Passport short: expires four months after the return date. Amaka's and Bayo's.
  await app("Short Passport", amakaUser, { ...trip, passport_expiry_date: addDays(today, 44 + 120) });
  await app("Bayo Short", bayoUser, { ...trip, passport_expiry_date: addDays(today, 44 + 30) });
  // Valid long enough; a draft; a trip already over; a rejected case: none listed.
  await app("Long Passport", amakaUser, { ...trip, passport_expiry_date: addDays(today, 44 + 400) });
  await app("Draft Short", amakaUser, { ...trip, status: "draft", passport_expiry_date: addDays(today, 50) });
  await app("Trip Over", amakaUser, {
    arrival_date: addDays(today, -30),
    departure_date: addDays(today, -2),
    passport_expiry_date: addDays(today, 20),
  });
  await app("Rejected Short", amakaUser, { ...trip, status: "rejected", passport_expiry_date: addDays(today, 50) });

  // Visas: a returning client's visa ending in 20 days (listed), one ending in 60 (not), a one-time client's (not).
  const back = await app("Returning Client", amakaUser, { status: "approved" });
  await app("Returning Client", null, { status: "submitted" }, back.userId);
  await issued(back.id, addDays(today, 20));
  const later = await app("Later Visa", amakaUser, { status: "approved" });
  await app("Later Visa", null, {}, later.userId);
  await issued(later.id, addDays(today, 60));
  const once = await app("One Time", amakaUser, { status: "approved" });
  await issued(once.id, addDays(today, 10));
});
afterAll(() => t.drop());

describe("passports and visas expiring", () => {
  it("lists a manager every open case whose passport is short of six months after the return, and returning clients' visas ending within 30 days", async () => {
    const { passports, visas, own } = await lists(manager);
    expect(own).toBe(false);
    expect(namesOf(passports)).toEqual(["Bayo Short", "Short Passport"]);
    expect(namesOf(visas)).toEqual(["Returning Client"]);
    expect(visas[0].line).toMatch(/^Standard Visitor visa ends \d{1,2} \w{3} \d{4} · 2 applications with us$/);
    expect(visas[0].phone).toBe("08031234567");
    expect(passports.find((p) => p.name === "Short Passport")?.line).toMatch(/^Passport expires .+; returns .+$/);
  });

  it("lists an officer their own cases only", async () => {
    const { passports, visas, own } = await lists(amaka);
    expect(own).toBe(true);
    expect(namesOf(passports)).toEqual(["Short Passport"]);
    expect(namesOf(visas)).toEqual(["Returning Client"]);
    expect((await amaka.get("/admin/expiring").expect(200)).text).not.toContain("Bayo Short");
  });

  it("is staff's alone, and linked from the appointments calendar", async () => {
    const res = await applicant.get("/admin/expiring");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/dashboard");
    expect((await manager.get("/admin/appointments").expect(200)).text).toContain('href="/admin/expiring"');
  });
});
