// The application's field list is the one source: the table, the draft schema, the presenter and the wizard agree with it.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_FIELDS, FIELD_KEYS, TEXT_FIELD_KEYS } from "../../server/domain/applicationFields.ts";
import { WIZARD_STEPS } from "../../server/domain/visa.ts";
import { openDraft } from "../../server/models/applications.ts";
import { applicationForm } from "../../server/presenters/application.ts";
import { draftSchema } from "../../server/validation/application.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { completeDraft, makeUser } from "../helpers/factories.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function columns(): Promise<Map<string, string>> {
  const rows = await t.db("information_schema.columns").where({ table_name: "visa_applications" }).select("column_name", "data_type");
  return new Map(rows.map((r: { column_name: string; data_type: string }) => [r.column_name, r.data_type]));
}

/** The column type each kind of field is stored in. */
const STORED_AS = { text: "text", choice: "text", date: "date", flag: "boolean", specific: "jsonb" } as const;

describe("the application field list", () => {
  it("names a column of visa_applications of the right type for every field", async () => {
    const cols = await columns();
    for (const key of FIELD_KEYS) expect([key, cols.get(key)]).toEqual([key, STORED_AS[APPLICATION_FIELDS[key].kind]]);
  });

  it("is what the draft schema accepts, and nothing else", () => {
    const answers = {
      ...completeDraft(),
      itinerary: "Lagos, Paris, Lagos",
      medical_conditions: "None",
      criminal_history: true,
      criminal_history_details: "A caution in 2010",
      prior_visa_refusals: true,
      prior_visa_refusal_details: "Refused once in 2015",
    };
    const parsed = draftSchema.parse({ ...answers, current_step: 3, status: "approved", user_id: "someone-else", payment_status: "paid" });
    expect(Object.keys(parsed).sort()).toEqual([...FIELD_KEYS, "current_step"].sort());
  });

  it("resumes at any of the wizard's steps and at no other: the step list is the one count", () => {
    const last = WIZARD_STEPS.length;
    expect(draftSchema.safeParse({ current_step: last }).success).toBe(true);
    expect(draftSchema.safeParse({ current_step: last + 1 }).success).toBe(false);
    expect(draftSchema.safeParse({ current_step: 0 }).success).toBe(false);
  });

  it("checks each field by its kind", () => {
    for (const key of FIELD_KEYS) {
      const spec = APPLICATION_FIELDS[key];
      const bad = spec.kind === "flag" ? "yes" : spec.kind === "specific" ? "text" : spec.kind === "text" ? "x".repeat(spec.max + 1) : "not-one";
      expect([key, draftSchema.safeParse({ [key]: bad }).success]).toEqual([key, false]);
    }
    // An empty answer is stored as no answer.
    for (const key of TEXT_FIELD_KEYS) expect(draftSchema.parse({ [key]: "" })).toEqual({ [key]: null });
  });

  it("gives the wizard's text inputs every field that is not a flag or the visa-specific answers", () => {
    expect(TEXT_FIELD_KEYS).toEqual(FIELD_KEYS.filter((k) => !["flag", "specific"].includes(APPLICATION_FIELDS[k].kind)));
    expect(TEXT_FIELD_KEYS).toContain("passport_number");
    expect(TEXT_FIELD_KEYS).not.toContain("criminal_history");
  });

  it("is presented whole: a saved draft shows every field as stored", async () => {
    const user = await makeUser(t.db);
    const fields = draftSchema.parse({ ...completeDraft(), itinerary: "Lagos, Paris, Lagos", medical_conditions: "None" });
    // A new applicant has no open draft: a limit of one admits this one.
    const row = await t.db.transaction((trx) => openDraft(trx, user.id, fields as Parameters<typeof openDraft>[2], 1));
    if (!row) throw new Error("The draft was refused");
    const form = applicationForm(row);
    for (const key of FIELD_KEYS) expect(form).toHaveProperty(key);
    expect(form.itinerary).toBe("Lagos, Paris, Lagos");
    expect(form.passport_number).toBe("A12345678");
    expect(form.passport_scan_url).toBeNull();
  });
});

describe("passport files stored as keys only", () => {
  const migrations = { directory: path.resolve("migrations"), loadExtensions: [".ts"] };
  const NAME = "20261123000010_passport_file_keys_only.ts";

  it("has no stored URL column, and the migration rolls back with the URLs filled in from the keys", async () => {
    expect((await columns()).has("photo_url")).toBe(false);
    const user = await makeUser(t.db);
    const [row] = await t
      .db("visa_applications")
      .insert({ user_id: user.id, reference_number: "VA-2026-KEYS01", photo_path: `${user.id}/photo_1.png`, photo_mime: "image/png" })
      .returning("id");
    await t.db.migrate.down({ ...migrations, name: NAME });
    try {
      const back = await t.db("visa_applications").where({ id: row.id }).first("photo_url", "passport_scan_url");
      expect(back).toEqual({ photo_url: `/files/applications/${row.id}/photo`, passport_scan_url: null });
    } finally {
      await t.db.migrate.up({ ...migrations, name: NAME });
    }
    expect((await columns()).has("photo_url")).toBe(false);
  });
});
