// "Documents for your application": uploads filed under an item of the application's list (an `other` item holds its
// own file), refused for a key not on that list or another applicant's application, and the review naming what is missing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PDF, PNG } from "../helpers/files.ts";

let t: TestApp;
let owner: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t.app, await makeUser(t.db));
  other = await signedIn(t.app, await makeUser(t.db));
});
afterAll(() => t.drop());

const sendFor = (c: Client, id: string, key: string, body: Buffer = PDF, name = "file.pdf") =>
  c.agent
    .post(`/api/applications/${id}/documents`)
    .set("X-CSRF-Token", c.token)
    .set("Accept", "application/json")
    .field("requirement_key", key)
    .attach("file", body, name);
const rows = (id: string) => t.db("application_documents").where({ application_id: id }).orderBy("file_name");
/** Stored files, temporary ones included. */
const stored = () => filesUnder(t.config.uploadDir);
const draft = async (c: Client, over: Record<string, unknown> = {}) =>
  (await c.post("/api/applications", completeDraft(over)).expect(201)).body as {
    application: { id: string };
    documentsForApplication: { visa: string; destination: string | null; items: { key: string; label: string }[] };
  };

describe("uploading for an item of the list", () => {
  it("files a SPEC-type item under its type, and each `other` item under its own key beside the others", async () => {
    const { application } = await draft(owner); // tourist, United Kingdom
    const bank = await sendFor(owner, application.id, "bank-statement", PDF, "statement.pdf").expect(201);
    expect(bank.body.document).toMatchObject({ documentType: "bank_statement", requirementKey: null, label: "Bank statement" });
    const payslips = await sendFor(owner, application.id, "payslips", PDF, "payslips.pdf").expect(201);
    expect(payslips.body.document).toMatchObject({ documentType: "other", requirementKey: "payslips", label: "Payslips", fileName: "payslips.pdf" });
    await sendFor(owner, application.id, "travel-history", PNG, "old-visas.png").expect(201);
    // A document of type `other` without an item stays one per application, beside the items' files.
    await owner.agent
      .post(`/api/applications/${application.id}/documents`)
      .set("X-CSRF-Token", owner.token)
      .field("document_type", "other")
      .attach("file", PDF, "notes.pdf")
      .expect(201);
    expect((await rows(application.id)).map((r) => [r.file_name, r.document_type, r.requirement_key])).toEqual([
      ["notes.pdf", "other", null],
      ["old-visas.png", "other", "travel-history"],
      ["payslips.pdf", "other", "payslips"],
      ["statement.pdf", "bank_statement", null],
    ]);

    // A new file for an item replaces that item's file only, and its old file is removed.
    const before = await t.db("application_documents").where({ application_id: application.id, requirement_key: "payslips" }).first();
    const again = await sendFor(owner, application.id, "payslips", PNG, "payslips-2.png").expect(201);
    expect(again.body.replaced).toBe(true);
    expect((await rows(application.id)).map((r) => r.file_name)).toEqual(["notes.pdf", "old-visas.png", "payslips-2.png", "statement.pdf"]);
    expect(stored()).not.toContain(before.file_path);

    // The wizard's list names each item's file by the item's label.
    const wizard = await owner.getJson(`/visa-application/${application.id}?step=7`).expect(200);
    expect(wizard.body.props.documentsForApplication).toMatchObject({ visa: "Standard Visitor visa", destination: "United Kingdom" });
    const payslipItem = wizard.body.props.documentsForApplication.items.find((i: { key: string }) => i.key === "payslips");
    expect(payslipItem).toMatchObject({ label: "Payslips", required: false, filedAs: { documentType: "other", requirementKey: "payslips" } });
    expect(wizard.body.props.documents.map((d: { label: string }) => d.label).sort()).toEqual([
      "Bank statement",
      "Other document",
      "Payslips",
      "Previous passports and visas",
    ]);
  });

  it('never lets a file sent by type alone ("Another document") replace the file an item of the list holds', async () => {
    const { application } = await draft(owner, {
      visa_type: "study",
      destination_country: "Canada",
      visa_specific_data: { institution_name: "University of Toronto", course_of_study: "MSc Data Science", study_duration: "2 years" },
    });
    // "Proof of funds" is stored as the application's one bank statement.
    const funds = await sendFor(owner, application.id, "bank-statement", PDF, "funds.pdf").expect(201);
    expect(funds.body.document).toMatchObject({ documentType: "bank_statement", requirementKey: null });
    const files = stored();
    const byType = await owner.agent
      .post(`/api/applications/${application.id}/documents`)
      .set("X-CSRF-Token", owner.token)
      .set("Accept", "application/json")
      .field("document_type", "bank_statement")
      .attach("file", PNG, "statement.png")
      .expect(409);
    expect(byType.body.error.message).toBe(
      'This would replace the file you uploaded for "Proof of funds". To change that file, replace it under Documents for your application.',
    );
    expect((await rows(application.id)).map((r) => [r.file_name, r.document_type])).toEqual([["funds.pdf", "bank_statement"]]);
    expect(stored()).toEqual(files);

    // Under its item the person chose to replace it; a type no item holds is still one file per type, replaced.
    const again = await sendFor(owner, application.id, "bank-statement", PNG, "funds-2.png").expect(201);
    expect(again.body.replaced).toBe(true);
    const send = (type: string, name: string) =>
      owner.agent
        .post(`/api/applications/${application.id}/documents`)
        .set("X-CSRF-Token", owner.token)
        .field("document_type", type)
        .attach("file", PDF, name);
    await send("marriage_certificate", "certificate.pdf").expect(201);
    expect((await send("marriage_certificate", "certificate-2.pdf").expect(201)).body.replaced).toBe(true);
    expect((await rows(application.id)).map((r) => r.file_name)).toEqual(["certificate-2.pdf", "funds-2.png"]);
  });

  it("refuses a key not on the application's list with 400, storing nothing; the list follows the saved destination", async () => {
    const { application } = await draft(owner); // tourist, United Kingdom
    const files = stored();
    for (const key of ["ds160-confirmation", "no-such-document", "../../etc", "Bank-Statement", ""]) {
      const res = await sendFor(owner, application.id, key).expect(400);
      expect(res.body.error.fields.requirement_key, key).toBe("Choose a document from the list for your application.");
    }
    expect(await rows(application.id)).toEqual([]);
    expect(stored()).toEqual(files);

    // Once the destination is the USA, its DS-160 confirmation is on the list.
    const saved = await owner.patch(`/api/applications/${application.id}`, { destination_country: "usa" }).expect(200);
    expect(saved.body.documentsForApplication).toMatchObject({ visa: "B1/B2 visitor visa", destination: "United States" });
    await sendFor(owner, application.id, "ds160-confirmation").expect(201);
    expect((await rows(application.id)).map((r) => r.requirement_key)).toEqual(["ds160-confirmation"]);
  });

  it("answers 404 for another applicant's application, storing nothing", async () => {
    const { application } = await draft(owner);
    const files = stored();
    const res = await sendFor(other, application.id, "payslips").expect(404);
    expect(res.body.error.message).toBe("Failed to load application");
    expect(await rows(application.id)).toEqual([]);
    expect(stored()).toEqual(files);
  });

  it("keeps one row per item in the database itself", async () => {
    const { application } = await draft(owner);
    await sendFor(owner, application.id, "payslips").expect(201);
    const row = await t.db("application_documents").where({ application_id: application.id }).first();
    const copy = { ...row, id: undefined, file_path: `${row.file_path}.copy` };
    await expect(t.db("application_documents").insert(copy)).rejects.toThrow(/application_documents_one_per_item/);
    await expect(t.db("application_documents").insert({ ...copy, document_type: "transcript" })).rejects.toThrow(/requirement_key_check/);
  });
});

describe("the review's completeness check", () => {
  it("names the required items not uploaded yet, and they do not block submitting", async () => {
    const { application, documentsForApplication } = await draft(owner, {
      visa_type: "study",
      destination_country: "Canada",
      visa_specific_data: { institution_name: "University of Toronto", course_of_study: "MSc Data Science", study_duration: "2 years" },
    });
    expect(documentsForApplication).toMatchObject({ visa: "Study permit", destination: "Canada" });
    await attachPassportFiles(owner, application.id);
    const labels = async () =>
      (await owner.getJson(`/visa-application/${application.id}/review`).expect(200)).body.props as {
        missingDocuments: { key: string; label: string; step: number }[];
        canSubmit: boolean;
      };
    const first = await labels();
    expect(first.missingDocuments.map((m) => m.label)).toEqual([
      "Letter of acceptance",
      "Proof of funds",
      "Transcripts and certificates",
      "Study plan",
      "Family information form (IMM 5707)",
    ]);
    expect(first.missingDocuments.every((m) => m.step === 7)).toBe(true);
    expect(first.canSubmit).toBe(true);

    await sendFor(owner, application.id, "letter-of-acceptance").expect(201);
    await sendFor(owner, application.id, "study-plan").expect(201);
    // An optional item uploaded changes nothing in the list of what is missing.
    await sendFor(owner, application.id, "language-test").expect(201);
    expect((await labels()).missingDocuments.map((m) => m.label)).toEqual([
      "Proof of funds",
      "Transcripts and certificates",
      "Family information form (IMM 5707)",
    ]);
    const page = await owner.get(`/visa-application/${application.id}/review`).expect(200);
    expect(page.text).toContain("Documents for your application not uploaded yet");
    expect(page.text).toContain("Family information form (IMM 5707)");

    await owner.post(`/api/applications/${application.id}/submit`).expect(200);
  });
});
