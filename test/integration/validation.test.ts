// Bad input on every endpoint answers 400 with { error: { message, fields } } naming each field, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PDF } from "../helpers/files.ts";
import { signedAgreement } from "../helpers/signatures.ts";

let t: TestApp;
let owner: Client;
let admin: Client;
let draftId: string;
let submittedId: string;
let checklistId: string;

/** Every row a request could change, and every stored file: a refused request must leave both as they were. */
async function snapshot() {
  const tables = [
    "users",
    "user_roles",
    "visa_applications",
    "application_documents",
    "application_status_history",
    "admin_notes",
    "checklists",
    "checklist_items",
  ];
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await t.db(table).select().orderByRaw("1");
  return {
    rows,
    files: filesUnder(t.config.uploadDir)
      .filter((f) => !f.startsWith(".tmp"))
      .sort(),
  };
}

/** Sends a request and checks the whole contract: 400, a message, exactly the expected fields, nothing changed. */
async function refuses(
  send: () => Promise<{ status: number; body: { error?: { message?: unknown; fields?: Record<string, string> } } }>,
  fields: Record<string, string>,
) {
  const before = await snapshot();
  const res = await send();
  expect(res.status).toBe(400);
  expect(typeof res.body.error?.message).toBe("string");
  expect(res.body.error?.message).not.toBe("");
  expect(res.body.error?.fields).toEqual(fields);
  expect(await snapshot()).toEqual(before);
  return res.body.error;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t.app, await makeUser(t.db));
  admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  draftId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  submittedId = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
  await attachPassportFiles(owner, submittedId);
  await owner.post(`/api/applications/${submittedId}/submit`).expect(200);
  await signedAgreement(t.db, submittedId);
  checklistId = (await owner.post("/api/checklists", { title: "Trip", values: { "1": "Passport" } }).expect(201)).body.checklist.id;
});
afterAll(() => t.drop());

describe("one answer to bad input", () => {
  it("sign-in and sign-up (JSON) name each field", async () => {
    const c = await t.client();
    const signIn = await refuses(() => c.post("/signin", { email: "not-an-email", password: "" }), {
      email: "Enter a valid email address",
      password: "Password is required",
    });
    expect(signIn?.message).toBe("Please enter your email and password.");
    const signUp = await refuses(() => c.post("/signup", { fullName: " ", email: "kemi@example.com", password: "123" }), {
      fullName: "Full name is required",
      password: "Password must be at least 8 characters",
    });
    expect(signUp?.message).toBe("Full name is required");
  });

  it("sign-up without JavaScript re-renders the form with each message beside its field, linked by aria-describedby", async () => {
    const c = await t.client();
    const before = await snapshot();
    const res = await c.form("/signup", { fullName: "Kemi", email: "kemi@example", password: "123" }).expect(400);
    expect(await snapshot()).toEqual(before);
    for (const [name, message] of [
      ["email", "Enter a valid email address"],
      ["password", "Password must be at least 8 characters"],
    ]) {
      const input = res.text.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
      expect(input).toContain('aria-invalid="true"');
      const ids = input.match(/aria-describedby="([^"]+)"/)?.[1].split(" ") ?? [];
      const errorId = ids.find((id) => id.endsWith("-error"));
      expect(errorId).toBeDefined();
      expect(res.text).toContain(`id="${errorId}" class="text-sm text-red-700">${message}</p>`);
    }
  });

  it("wizard create and update name each field", async () => {
    // A wrong e-mail or phone format never stops a draft's save (it is reported at review); types and dates do.
    await refuses(() => owner.post("/api/applications", { visa_type: "space", email: "nope", date_of_birth: "2001-02-30" }), {
      visa_type: "Please select a visa type to continue",
      date_of_birth: "Enter a valid date",
    });
    await refuses(
      () => owner.patch(`/api/applications/${draftId}`, { full_name: "x".repeat(121), visa_specific_data: { purpose: "y".repeat(2001) } }),
      {
        full_name: "Must be at most 120 characters",
        "visa_specific_data.purpose": "Must be at most 2000 characters",
      },
    );
  });

  it("a line break or other control character in a one-line field is refused; the many-line fields keep theirs", async () => {
    const typed = { full_name: "Adaeze\nNwosu", passport_number: "A12\t345", phone: "0803\u0085000 0000", nationality: "Nigerian\u0007" };
    await refuses(() => owner.patch(`/api/applications/${draftId}`, typed), {
      full_name: "Must be one line, without line breaks or tabs",
      passport_number: "Must be one line, without line breaks or tabs",
      phone: "Must be one line, without line breaks or tabs",
      nationality: "Must be one line, without line breaks or tabs",
    });
    await refuses(() => owner.post("/api/applications", completeDraft({ emergency_contact_name: "Obi\r\nBcc: x@example.com" })), {
      emergency_contact_name: "Must be one line, without line breaks or tabs",
    });
    const c = await t.client();
    await refuses(() => c.post("/signup", { fullName: "Kemi\nAdmin", email: "kemi.lines@example.com", password: "a long passphrase 42" }), {
      fullName: "Must be one line, without line breaks or tabs",
    });
    await refuses(() => owner.post("/api/account/profile", { fullName: "Kemi\u001bAdmin" }), {
      fullName: "Must be one line, without line breaks or tabs",
    });
    // Spaces around a value are trimmed as before, and an address or a purpose of travel keeps its lines.
    const saved = await owner
      .patch(`/api/applications/${draftId}`, { full_name: "  Adaeze Nwosu \n", address: "12 Marina Road\nLagos", travel_purpose: "Visit\n\tfamily" })
      .expect(200);
    expect(saved.body.application).toMatchObject({ full_name: "Adaeze Nwosu", address: "12 Marina Road\nLagos", travel_purpose: "Visit\n\tfamily" });
  });

  it("a name with a line break never reaches the submission (whose staff e-mail names the person in its subject)", async () => {
    await refuses(() => owner.post("/api/applications", completeDraft({ full_name: "Adaeze\nNwosu" })), {
      full_name: "Must be one line, without line breaks or tabs",
    });
    const id = (await owner.post("/api/applications", completeDraft({ full_name: "Adaeze Nwosu" })).expect(201)).body.application.id;
    await refuses(() => owner.patch(`/api/applications/${id}`, { full_name: "Adaeze\nNwosu" }), {
      full_name: "Must be one line, without line breaks or tabs",
    });
    await attachPassportFiles(owner, id);
    // A draft saved with one before names were checked: its submission names the field, as for any answer to correct.
    await t.db("visa_applications").where({ id }).update({ full_name: "Adaeze\nNwosu" });
    const refused = await refuses(() => owner.post(`/api/applications/${id}/submit`), { full_name: "Must be one line, without line breaks or tabs" });
    expect(refused?.message).toBe("Some answers are not in a valid format: Full name.");
    await owner.patch(`/api/applications/${id}`, { full_name: "Adaeze Nwosu" }).expect(200);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
  });

  it("payment names each card field", async () => {
    const error = await refuses(
      () => owner.post(`/api/applications/${submittedId}/payment`, { cardholderName: "A", cardNumber: "4111", expiry: "1329", cvv: "12" }),
      {
        cardholderName: "Cardholder name is required",
        cardNumber: "Card number must be 16 digits",
        expiry: "Expiry month must be 01 to 12",
        cvv: "CVV must be 3 digits",
      },
    );
    expect(error?.message).toBe("Cardholder name is required");
  });

  it("checklist create and save name the answer by its step", async () => {
    await refuses(() => owner.post("/api/checklists", { title: "t".repeat(121), values: {} }), { title: "Title must be at most 120 characters" });
    await refuses(() => owner.put(`/api/checklists/${checklistId}`, { values: { "3": "z".repeat(2001) } }), {
      "values.3": "Each answer must be at most 2000 characters",
    });
  });

  it("a document of an unknown type names the type field and keeps no file", async () => {
    await refuses(
      async () =>
        owner.agent
          .post(`/api/applications/${draftId}/documents`)
          .set("X-CSRF-Token", owner.token)
          .set("Accept", "application/json")
          .field("document_type", "selfie")
          .attach("file", PDF, "x.pdf"),
      { document_type: "Choose a valid document type" },
    );
  });

  it("admin status and note name each field", async () => {
    await refuses(
      () => admin.patch(`/api/admin/applications/${submittedId}/status`, { status: "lost", shownStatus: "gone", note: "n".repeat(2001) }),
      {
        status: "Status must be one of: draft, submitted, under_review, approved, rejected",
        shownStatus: "This page is out of date. Reload it and choose the status again.",
        note: "Note must be at most 2000 characters",
      },
    );
    const note = await refuses(() => admin.post(`/api/admin/applications/${submittedId}/notes`, { note: "   " }), { note: "Note cannot be empty" });
    expect(note?.message).toBe("Note cannot be empty");
  });
});
