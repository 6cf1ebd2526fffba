// The schema: reversible migrations, constraints and the analytics function.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const userTables = async () =>
  (await t.db.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows.map(
    (r: { tablename: string }) => r.tablename,
  );

describe("schema", () => {
  it("has every table of the specification", async () => {
    expect(await userTables()).toEqual(
      expect.arrayContaining([
        "users",
        "user_roles",
        "user_sessions",
        "visa_applications",
        "application_documents",
        "application_status_history",
        "admin_notes",
        "checklists",
        "checklist_items",
        "rate_limits",
      ]),
    );
  });

  it("refuses values outside the enumerations and duplicate emails in any case", async () => {
    const [user] = await t.db("users").insert({ email: "ada@example.com", password_hash: "x", full_name: "Ada" }).returning("id");
    await expect(t.db("users").insert({ email: "ADA@example.com", password_hash: "x", full_name: "Ada 2" })).rejects.toThrow(
      /users_email_lower_unique/,
    );
    await expect(t.db("visa_applications").insert({ user_id: user.id, reference_number: "R1", visa_type: "space" })).rejects.toThrow(
      /visa_type_check/,
    );
    await expect(t.db("visa_applications").insert({ user_id: user.id, reference_number: "R2", status: "lost" })).rejects.toThrow(/status_check/);
    await expect(t.db("visa_applications").insert({ user_id: user.id, reference_number: "R3", current_step: 9 })).rejects.toThrow(
      /current_step_check/,
    );
    await t.db("users").where({ id: user.id }).delete();
  });

  it("returns the documented analytics columns and sums revenue exactly", async () => {
    const [user] = await t.db("users").insert({ email: "stats@example.com", password_hash: "x", full_name: "Stats" }).returning("id");
    const base = { user_id: user.id, destination_country: "Canada", visa_type: "study", status: "submitted" };
    await t.db("visa_applications").insert([
      { ...base, reference_number: "S1", payment_status: "paid", amount_paid: 200, payment_reference: "PAY-1" },
      { ...base, reference_number: "S2", payment_status: "paid", amount_paid: 200, payment_reference: "PAY-2" },
      { ...base, reference_number: "S3" },
    ]);
    const { rows, fields } = await t.db.raw("SELECT * FROM get_admin_application_stats()");
    expect(fields.map((f: { name: string }) => f.name)).toEqual([
      "visa_type",
      "destination_country",
      "status",
      "payment_status",
      "count",
      "avg_amount",
    ]);
    const revenue = rows.reduce((sum: number, r: { count: number; avg_amount: number }) => sum + r.count * r.avg_amount, 0);
    expect(rows.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(3);
    expect(revenue).toBeCloseTo(400, 6);
    await t.db("users").where({ id: user.id }).delete();
  });

  it("keeps the analytics counts right through updates and deletes", async () => {
    const [user] = await t.db("users").insert({ email: "counts@example.com", password_hash: "x", full_name: "Counts" }).returning("id");
    const stats = async () =>
      (await t.db.raw("SELECT status, payment_status, count, avg_amount FROM get_admin_application_stats() WHERE visa_type = 'work' ORDER BY status"))
        .rows;
    const [a] = await t
      .db("visa_applications")
      .insert({ user_id: user.id, reference_number: "C1", visa_type: "work", status: "submitted" })
      .returning("id");
    await t.db("visa_applications").insert({ user_id: user.id, reference_number: "C2", visa_type: "work", status: "submitted" });
    await t
      .db("visa_applications")
      .where({ id: a.id })
      .update({ status: "approved", payment_status: "paid", amount_paid: 250, payment_reference: "PAY-C1" });
    // A save that rewrites the counted columns with the same values changes nothing.
    await t.db("visa_applications").where({ reference_number: "C2" }).update({ status: "submitted", full_name: "Renamed" });
    expect(await stats()).toEqual([
      { status: "approved", payment_status: "paid", count: 1, avg_amount: 250 },
      { status: "submitted", payment_status: "pending", count: 1, avg_amount: 0 },
    ]);
    await t.db("users").where({ id: user.id }).delete();
    expect(await stats()).toEqual([]);
  });

  it("rolls back to an empty database and migrates again", async () => {
    await t.db.migrate.rollback(undefined, true);
    expect(await userTables()).toEqual(["knex_migrations", "knex_migrations_lock"]);
    const fn = await t.db.raw("SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'get_admin_application_stats'");
    expect(fn.rows[0].n).toBe(0);
    await t.db.migrate.latest();
    expect(await userTables()).toContain("visa_applications");
  });
});
