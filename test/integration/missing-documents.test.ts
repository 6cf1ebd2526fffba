// After submission the applicant sends the required documents of their list they submitted without, from the
// details page, without waiting for a request: only their own application, only while it is submitted or under
// review, only an item the list requires and that has no file; each file lands "to review" for staff under the
// item's name. One name per document on both sides (staff's view, a send-back and its e-mail), and a sponsor's bank
// statement asked for by a request stands beside the applicant's own "Proof of funds".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_SENT, DECIDED_NO_DOCUMENTS, NOT_REQUIRED, STILL_DRAFT } from "../../server/actions/documents/sendMissingDocument.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import type { Client } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { filesUnder, HTML, PDF } from "../helpers/files.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
let owner: TestUser;
let ownerClient: Client;
let otherClient: Client;
let staff: Client;
let appId: string;

const STUDY_UK = {
  visa_type: "study",
  destination_country: "United Kingdom",
  visa_specific_data: { institution_name: "University of Leeds", course_of_study: "MSc Data Science", study_duration: "1 year" },
};
const CAS = "CAS (Confirmation of Acceptance for Studies)";

/** A UK student application with its passport files and "Proof of funds" uploaded in the wizard, submitted or not. */
async function studentApplication(client: Client, submit = true): Promise<string> {
  const id = (await client.post("/api/applications", completeDraft(STUDY_UK)).expect(201)).body.application.id;
  await attachPassportFiles(client, id);
  await client.agent
    .post(`/api/applications/${id}/documents`)
    .set("X-CSRF-Token", client.token)
    .field("requirement_key", "bank-statement")
    .attach("file", PDF, "my-statement.pdf")
    .expect(201);
  if (submit) await client.post(`/api/applications/${id}/submit`).expect(200);
  return id;
}

const send = (client: Client, id: string, key: string | null, file: Buffer | null = PDF, name = "cas.pdf") => {
  const req = client.agent.post(`/api/applications/${id}/missing-documents`).set("X-CSRF-Token", client.token).set("Accept", "application/json");
  if (key !== null) req.field("requirement_key", key);
  return file ? req.attach("file", file, name) : req;
};
const storedFiles = () => filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"));
const documentsOf = (id: string) => t.db("application_documents").where({ application_id: id }).orderBy("uploaded_at");
const detailsProps = async (client: Client, id: string) => (await client.getJson(`/application/${id}`).expect(200)).body.props;
const staffFiles = async (id: string) =>
  (await staff.getJson(`/admin/application/${id}`).expect(200)).body.props.documentReview.files as {
    id: string;
    label: string;
    requestLabel: string | null;
    reviewState: string | null;
  }[];

beforeAll(async () => {
  t = await createMailTestApp({ STAFF_NOTIFY_EMAIL: "desk@horizon.test" });
  owner = await makeUser(t.db, { fullName: "Tobi Adeyemi" });
  ownerClient = await signedIn(t.app, owner);
  otherClient = await signedIn(t.app, await makeUser(t.db));
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  appId = await studentApplication(ownerClient);
});
afterAll(() => t.close());

describe("missing documents after submission", () => {
  it("lists each missing required item by its name on the details page", async () => {
    const props = await detailsProps(ownerClient, appId);
    expect(props.missingDocuments.url).toBe(`/api/applications/${appId}/missing-documents`);
    expect(props.missingDocuments.items.map((i: { key: string; label: string }) => [i.key, i.label])).toEqual([
      ["cas", CAS],
      ["transcripts", "Certificates and transcripts"],
      ["tb-certificate", "TB test certificate"],
    ]);
  });

  it("refuses, storing nothing: another's application (404), an item not required or not missing, a bad file, no file", async () => {
    const before = { files: storedFiles(), rows: await documentsOf(appId), mails: await t.db("email_messages").count({ n: "*" }) };
    expect((await send(otherClient, appId, "cas").expect(404)).body.error.message).toBeTruthy();
    expect((await send(otherClient, "00000000-0000-4000-8000-000000000000", "cas").expect(404)).body.error.message).toBeTruthy();
    expect((await send(ownerClient, appId, "english-test").expect(400)).body.error.message).toBe(NOT_REQUIRED);
    expect((await send(ownerClient, appId, "no-such-item").expect(400)).body.error.message).toBe(NOT_REQUIRED);
    expect((await send(ownerClient, appId, "Not A Key!").expect(400)).body.error.fields.requirement_key).toBeTruthy();
    expect((await send(ownerClient, appId, "bank-statement").expect(409)).body.error.message).toBe(ALREADY_SENT);
    expect((await send(ownerClient, appId, "cas", HTML, "cas.pdf").expect(415)).body.error.message).toBeTruthy();
    expect((await send(ownerClient, appId, "cas", null).expect(400)).body.error.message).toBe("Choose a file to upload.");
    expect(storedFiles()).toEqual(before.files);
    expect(await documentsOf(appId)).toEqual(before.rows);
    expect(await t.db("email_messages").count({ n: "*" })).toEqual(before.mails);
  });

  it("refuses a draft, an approved and a rejected application with a 409 saying why, storing nothing", async () => {
    const draft = await studentApplication(ownerClient, false);
    const approved = await studentApplication(ownerClient);
    const rejected = await studentApplication(ownerClient);
    await t.db("visa_applications").where({ id: approved }).update({ status: "approved" });
    await t.db("visa_applications").where({ id: rejected }).update({ status: "rejected" });
    const files = storedFiles();
    expect((await send(ownerClient, draft, "cas").expect(409)).body.error.message).toBe(STILL_DRAFT);
    expect((await send(ownerClient, approved, "cas").expect(409)).body.error.message).toBe(DECIDED_NO_DOCUMENTS);
    expect((await send(ownerClient, rejected, "cas").expect(409)).body.error.message).toBe(DECIDED_NO_DOCUMENTS);
    expect(storedFiles()).toEqual(files);
    for (const id of [draft, approved, rejected]) expect((await documentsOf(id)).map((d) => d.document_type)).toEqual(["bank_statement"]);
    // Nothing to send on those pages either.
    expect((await detailsProps(ownerClient, approved)).missingDocuments.items).toEqual([]);
  });

  it("lands the file to review for staff under the item's name, tells the officer's inbox, and leaves the list", async () => {
    const res = await send(ownerClient, appId, "cas", PDF, "cas-leeds.pdf").expect(201);
    expect(res.body.document.label).toBe(CAS);
    const row = await t.db("application_documents").where({ id: res.body.document.id }).first();
    expect(row).toMatchObject({ document_type: "admission_letter", requirement_key: null, request_id: null, review_state: "to_review" });
    expect((await t.db("visa_applications").where({ id: appId }).first()).documents_to_review).toBe(2);
    const file = (await staffFiles(appId)).find((f) => f.id === row.id);
    expect(file).toMatchObject({ label: CAS, reviewState: "to_review" });
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("desk@horizon.test") && m.text.includes(CAS));
    expect(mail.text).toContain("submitted without");
    expect(await t.db("audit_events").where({ action: "missing_document_sent", subject_id: appId })).toHaveLength(1);
    // An `other` item keeps its key.
    const tb = await send(ownerClient, appId, "tb-certificate", PDF, "tb.pdf").expect(201);
    expect(await t.db("application_documents").where({ id: tb.body.document.id }).first()).toMatchObject({
      document_type: "other",
      requirement_key: "tb-certificate",
    });
    expect((await detailsProps(ownerClient, appId)).missingDocuments.items.map((i: { key: string }) => i.key)).toEqual(["transcripts"]);
    expect((await send(ownerClient, appId, "cas").expect(409)).body.error.message).toBe(ALREADY_SENT);
  });

  it("works under review too", async () => {
    await t.db("visa_applications").where({ id: appId }).update({ status: "under_review" });
    await send(ownerClient, appId, "transcripts", PDF, "waec.pdf").expect(201);
    expect((await detailsProps(ownerClient, appId)).missingDocuments.items).toEqual([]);
  });
});

describe("links to the documents step of a submitted application", () => {
  it("lead to the details page's documents part, without 'cannot be edited'", async () => {
    const id = await studentApplication(ownerClient);
    const res = await ownerClient.agent.get(`/visa-application/${id}?step=7`).expect(303);
    expect(res.headers.location).toBe(`/application/${id}#missing-documents`);
    const review = await ownerClient.agent.get(`/visa-application/${id}/review`).expect(200);
    expect(review.text).toContain(`href="/application/${id}#missing-documents"`);
    expect(review.text).not.toContain(`/visa-application/${id}?step=7`);
  });
});

describe("one name per document on both sides", () => {
  it("staff see and send back the file under the item's name, and the applicant is asked for it by that name", async () => {
    const id = await studentApplication(ownerClient);
    const funds = (await staffFiles(id)).find((f) => f.label === "Proof of funds");
    expect(funds, "the wizard's bank statement is named by its item").toBeDefined();
    expect((await staffFiles(id)).map((f) => f.label)).not.toContain("Bank statement");
    await staff
      .post(`/api/admin/documents/${funds?.id}/review`, { decision: "sent_back", reason: "The statement is older than 31 days." })
      .expect(200);
    const [request] = await t.db("document_requests").where({ application_id: id });
    expect(request.label).toBe("Proof of funds");
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.text.includes("The statement is older than 31 days."));
    expect(mail.text).toContain("Proof of funds");
    expect(mail.text).not.toContain("Bank statement");
    const details = await detailsProps(ownerClient, id);
    expect(details.requests.open.map((r: { label: string }) => r.label)).toEqual(["Proof of funds"]);
    // The new version takes the sent-back file's place, and staff see it by the same name.
    await ownerClient.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", ownerClient.token)
      .field("request_id", request.id)
      .attach("file", PDF, "new-statement.pdf")
      .expect(201);
    const files = (await staffFiles(id)).filter((f) => !["passport-scan", "passport-photo"].includes(f.id));
    expect(files.map((f) => [f.label, f.reviewState])).toEqual([["Proof of funds", "to_review"]]);
  });

  it("an `other` item's file sent back is asked for by its item, and the new version takes its place", async () => {
    const id = await studentApplication(ownerClient);
    const sent = await send(ownerClient, id, "tb-certificate", PDF, "tb-old.pdf").expect(201);
    await staff
      .post(`/api/admin/documents/${sent.body.document.id}/review`, { decision: "sent_back", reason: "Not from an approved clinic." })
      .expect(200);
    const [request] = await t.db("document_requests").where({ application_id: id });
    expect(request).toMatchObject({ label: "TB test certificate", requirement_key: "tb-certificate" });
    await ownerClient.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", ownerClient.token)
      .field("request_id", request.id)
      .attach("file", PDF, "tb-new.pdf")
      .expect(201);
    const tb = (await documentsOf(id)).filter((d) => d.requirement_key === "tb-certificate");
    expect(tb.map((d) => [d.file_name, d.review_state])).toEqual([["tb-new.pdf", "to_review"]]);
  });

  it("a sponsor's bank statement asked for by a request stands beside the applicant's own Proof of funds", async () => {
    const id = await studentApplication(ownerClient);
    const [own] = await documentsOf(id);
    const asked = await staff
      .post(`/api/admin/applications/${id}/document-requests`, {
        items: [{ label: "Sponsor's bank statement", documentType: "bank_statement", requirementKey: null }],
        dueOn: addDays(lagosDay(new Date()), 7),
      })
      .expect(201);
    await ownerClient.agent
      .post(`/api/applications/${id}/documents`)
      .set("X-CSRF-Token", ownerClient.token)
      .field("request_id", asked.body.requests[0].id)
      .attach("file", PDF, "sponsor.pdf")
      .expect(201);
    const rows = await documentsOf(id);
    expect(rows.map((d) => [d.document_type, d.file_name])).toEqual([
      ["bank_statement", "my-statement.pdf"],
      ["bank_statement", "sponsor.pdf"],
    ]);
    expect(rows[0].id).toBe(own.id);
    const labels = (await staffFiles(id)).map((f) => f.label);
    expect(labels).toEqual(expect.arrayContaining(["Proof of funds", "Sponsor's bank statement"]));
  });
});
