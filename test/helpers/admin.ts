// The cast of an admin test file: its own app, a signed-in admin and applicant, and applications inserted directly.
import type { Knex } from "knex";
import { type Client, createTestApp, type TestApp } from "./app.ts";
import { makeUser, signedIn, type TestUser } from "./factories.ts";

export interface AdminCast {
  t: TestApp;
  admin: TestUser;
  applicant: TestUser;
  /** The admin's client. */
  adm: Client;
  /** The applicant's client. */
  app: Client;
}

export async function adminCast(): Promise<AdminCast> {
  const t = await createTestApp();
  const admin = await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" });
  const applicant = await makeUser(t.db, { fullName: "Chidi Okafor", email: "chidi.okafor@example.com" });
  return { t, admin, applicant, adm: await signedIn(t.app, admin), app: await signedIn(t.app, applicant) };
}

export const DAY = 86_400_000;
/** Applications are created from two years ago on, so every date they carry is in the past. */
export const BASE = Date.now() - 2 * 365 * DAY;
let seq = 0;

/** Inserts an application directly; created_at is spaced a day apart in insertion order unless given. */
export async function insertApp(db: Knex, userId: string, fields: Record<string, unknown> = {}): Promise<{ id: string; reference_number: string }> {
  seq += 1;
  const [row] = await db("visa_applications")
    .insert({
      user_id: userId,
      reference_number: `VA-2026-T${String(seq).padStart(5, "0")}`,
      status: "draft",
      created_at: new Date(BASE + seq * DAY),
      ...fields,
    })
    .returning(["id", "reference_number"]);
  return row;
}

export type ListRow = { id: string; reference: string; applicantName: string; status: string; submittedAt: string | null; createdAt: string };

/** The admin list's page object for a query string, on the All tab unless the query names one (the list opens on Mine). */
export const listAs = async (client: Client, query = "") =>
  (await client.getJson(`/admin${query.includes("tab=") ? query : `${query ? `${query}&` : "?"}tab=all`}`).expect(200)).body.props as {
    rows: ListRow[];
    total: number;
    pages: number;
    query: Record<string, unknown>;
  };
