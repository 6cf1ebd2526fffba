// Factories: users, signed-in clients and applications in one line each.
import { randomBytes } from "node:crypto";
import type { Express } from "express";
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { type Client, newClient, TEST_SESSION_SECRET } from "./app.ts";
import { daysAfter, daysFromToday } from "./dates.ts";
import { JPEG, PDF } from "./files.ts";
import { enrolTwoFactor, freshCode } from "./twoFactor.ts";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
  /** The two-factor secret: staff always have one (they reach nothing under /admin without it). */
  totpSecret?: string;
}

let hashCache: Promise<string> | undefined;
const PASSWORD = "correct-horse-9";

export async function makeUser(
  db: Knex,
  opts: { admin?: boolean; officer?: boolean; fullName?: string; email?: string; twoFactor?: boolean; sessionSecret?: string } = {},
): Promise<TestUser> {
  hashCache ??= hashPassword(PASSWORD);
  const email = opts.email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const fullName = opts.fullName ?? "Test Applicant";
  const [row] = await db("users")
    .insert({ email, full_name: fullName, password_hash: await hashCache })
    .returning("id");
  if (opts.admin || opts.officer) await db("user_roles").insert({ user_id: row.id, role: opts.admin ? "admin" : "case_officer" });
  const twoFactor = opts.twoFactor ?? Boolean(opts.admin || opts.officer);
  const totpSecret = twoFactor ? await enrolTwoFactor(db, row.id, opts.sessionSecret ?? TEST_SESSION_SECRET) : undefined;
  return { id: row.id, email, password: PASSWORD, fullName, totpSecret };
}

/** A client signed in as `user` through the real sign-in endpoint (and its code step, when two-factor is on). */
export async function signedIn(app: Express, user: TestUser): Promise<Client> {
  const client = await newClient(app);
  const res = await client.post("/signin", { email: user.email, password: user.password }).expect(200);
  if (res.body.pending) {
    if (!user.totpSecret) throw new Error("The account asks for a two-factor code but the test has no secret");
    await client.post("/signin/code", { code: await freshCode(user.totpSecret) }).expect(200);
  }
  return client;
}

/** The trip of `completeDraft()`: half a year from today, for two weeks. */
export const TRIP = { arrival: daysFromToday(180), departure: daysFromToday(194) };

/** A complete draft (every required field), ready to submit; its passport is valid for years beyond the trip. */
export function completeDraft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visa_type: "tourist",
    full_name: "Adaeze Nwosu",
    date_of_birth: "1992-05-14",
    gender: "female",
    marital_status: "married",
    nationality: "Nigerian",
    passport_number: "A12345678",
    passport_issuing_country: "Nigeria",
    passport_issue_date: daysFromToday(-3 * 365),
    passport_expiry_date: daysAfter(TRIP.departure, 7 * 365),
    phone: "+2348031112222",
    email: "adaeze@example.com",
    address: "5 Awolowo Road, Ikoyi, Lagos",
    emergency_contact_name: "Emeka Nwosu",
    emergency_contact_phone: "+2348033334444",
    destination_country: "United Kingdom",
    arrival_date: TRIP.arrival,
    departure_date: TRIP.departure,
    travel_purpose: "Holiday in London",
    visa_specific_data: { accommodation: "Hotel in Bloomsbury", proof_of_funds: "Six months of bank statements" },
    ...overrides,
  };
}

/** Uploads a passport scan and photo so the draft can be submitted. */
export async function attachPassportFiles(client: Client, applicationId: string): Promise<void> {
  await client.agent
    .post(`/api/applications/${applicationId}/passport/passport-scan`)
    .set("X-CSRF-Token", client.token)
    .attach("file", PDF, "scan.pdf")
    .expect(201);
  await client.agent
    .post(`/api/applications/${applicationId}/passport/photo`)
    .set("X-CSRF-Token", client.token)
    .attach("file", JPEG, "photo.jpg")
    .expect(201);
}
