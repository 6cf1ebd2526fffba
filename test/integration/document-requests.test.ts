// The document loop: staff ask for documents with a due date, the applicant uploads into a request (also after
// submission, the only way files change then), staff accept or send back with a reason; who may do what; e-mails
// through the real outbox and SMTP; the reminder job; the admin list's "to review" column and filter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindDueRequests } from "../../server/actions/documentRequests/remindDueRequests.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { reminderAt } from "../../server/domain/documentRequests.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { filesUnder, JPEG, PDF, PNG } from "../helpers/files.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import { submittedApplication } from "../helpers/payments.ts";

let t: MailTestApp;
let owner: TestUser;
let ownerClient: Client;
let otherClient: Client;
let staff: Client;
let appId: string;
let otherAppId: string;
const today = () => lagosDay(new Date());

beforeAll(async () => {
  t = await createMailTestApp({ STAFF_NOTIFY_EMAIL: "desk@horizon.test" });
  owner = await makeUser(t.db, { fullName: "Adaeze Nwosu" });
  ownerClient = await signedIn(t.app, owner);
  otherClient = await signedIn(t.app, await makeUser(t.db));
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  appId = await submittedApplication(ownerClient);
  otherAppId = await submittedApplication(otherClient);
});
afterAll(() => t.close());

const ask = (client: Client, id: string, body: Record<string, unknown>) => client.post(`/api/admin/applications/${id}/document-requests`, body);
const bankStatement = { label: "Bank statement", documentType: "bank_statement", requirementKey: null };

const uploadInto = (client: Client, id: string, fields: Record<string, string>, file = PDF, name = "statement.pdf") => {
  const req = client.agent.post(`/api/applications/${id}/documents`).set("X-CSRF-Token", client.token).set("Accept", "application/json");
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach("file", file, name);
};
const review = (client: Client, docId: string, body: Record<string, unknown>) => client.post(`/api/admin/documents/${docId}/review`, body);
const requestsOf = (id: string) => t.db("document_requests").where({ application_id: id }).orderBy(["created_at", "label"]);
const storedFiles = () => filesUnder(t.config.uploadDir).filter((f) => !f.startsWith(".tmp"));
const detailsProps = async (client: Client, id: string) => (await client.getJson(`/application/${id}`).expect(200)).body.props;
const reviewProps = async (id: string) => (await staff.getJson(`/admin/application/${id}`).expect(200)).body.props;

describe("staff request documents", () => {
  it("refuses bad input with a clear 400 and changes nothing", async () => {
    const before = await requestsOf(appId);
    const cases = [
      [{ items: [], dueOn: addDays(today(), 14) }, "Choose at least one document"],
      [{ items: [{ ...bankStatement, label: "  " }], dueOn: addDays(today(), 14) }, "Name the document"],
      [{ items: [{ ...bankStatement, documentType: "selfie" }], dueOn: addDays(today(), 14) }, "Choose a valid document type"],
      [{ items: [bankStatement], dueOn: "tomorrow" }, "Choose a due date"],
      [{ items: [bankStatement], dueOn: addDays(today(), -1) }, "The due date cannot be in the past"],
    ] as const;
    for (const [body, message] of cases) {
      const res = await ask(staff, appId, body).expect(400);
      expect(res.body.error.message).toBe(message);
    }
    await ask(staff, "00000000-0000-4000-8000-000000000000", { items: [bankStatement], dueOn: addDays(today(), 3) }).expect(404);
    expect(await requestsOf(appId)).toEqual(before);
    expect(await t.db("email_messages").where({ application_id: appId, kind: "documents_requested" })).toHaveLength(0);
  });

  it("records the requests, e-mails the applicant, schedules the reminder and audits it, together", async () => {
    const dueOn = addDays(today(), 10);
    const res = await ask(staff, appId, {
      items: [bankStatement, { label: "Letter from your employer, on headed paper", documentType: "other", requirementKey: null }],
      note: "Statements of the last 3 months, please.",
      dueOn,
    }).expect(201);
    expect(res.body.requests).toHaveLength(2);
    const rows = await requestsOf(appId);
    expect(rows.map((r) => [r.label, r.document_type, r.status, r.due_on])).toEqual([
      ["Bank statement", "bank_statement", "open", dueOn],
      ["Letter from your employer, on headed paper", "other", "open", dueOn],
    ]);
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.startsWith("Documents requested"));
    expect(mail.text).toContain("Bank statement, Letter from your employer, on headed paper");
    expect(mail.text).toContain("Statements of the last 3 months, please.");
    const jobs = await t.db("graphile_worker.jobs").where({ task_identifier: "document_request_reminder" });
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].run_at).toISOString()).toBe(reminderAt(dueOn).toISOString());
    expect(reminderAt(dueOn).toISOString()).toBe(`${addDays(dueOn, -2)}T08:00:00.000Z`);
    expect(await t.db("audit_events").where({ action: "documents_requested", subject_id: appId })).toHaveLength(1);
    // The WhatsApp-ready words of the request e-mail, for staff.
    expect((await reviewProps(appId)).documentRequests.whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*Bank%20statement/);
  });

  it("shows the applicant what is asked: the dashboard card and the details page", async () => {
    const due = (await requestsOf(appId))[0].due_on as string;
    const [, m, d] = due.split("-").map(Number);
    const shortDue = `${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]}`;
    const dashboard = (await ownerClient.getJson("/dashboard").expect(200)).body.props;
    expect(dashboard.applications.find((a: { id: string }) => a.id === appId).documentsRequested).toMatch(
      new RegExp(`^2 documents requested — due ${shortDue}( \\d{4})?$`),
    );
    const details = await detailsProps(ownerClient, appId);
    expect(details.requests.summary).toMatch(/^2 documents requested — due /);
    expect(details.requests.open.map((r: { label: string }) => r.label)).toEqual(["Bank statement", "Letter from your employer, on headed paper"]);
  });

  it("a failure changes nothing: no request, no e-mail, no reminder", async () => {
    await t.db.raw(`
      CREATE FUNCTION refuse_request_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$;
      CREATE TRIGGER refuse_request_audit BEFORE INSERT ON audit_events
        FOR EACH ROW WHEN (NEW.action IN ('documents_requested', 'document_sent_back')) EXECUTE FUNCTION refuse_request_audit();`);
    try {
      const before = { requests: await requestsOf(appId), mails: await t.db("email_messages").where({ application_id: appId }) };
      const jobs = await t.db("graphile_worker.jobs").count({ n: "*" });
      await ask(staff, appId, { items: [bankStatement], dueOn: addDays(today(), 20) }).expect(500);
      expect(await requestsOf(appId)).toEqual(before.requests);
      expect(await t.db("email_messages").where({ application_id: appId })).toEqual(before.mails);
      expect(await t.db("graphile_worker.jobs").count({ n: "*" })).toEqual(jobs);
    } finally {
      await t.db.raw("DROP TRIGGER refuse_request_audit ON audit_events; DROP FUNCTION refuse_request_audit();");
    }
  });
});

describe("the applicant answers", () => {
  it("after submission a file changes only through a request", async () => {
    const before = storedFiles();
    const res = await uploadInto(ownerClient, appId, { document_type: "bank_statement" }).expect(409);
    expect(res.body.error.message).toBe("Documents can only be changed while the application is a draft.");
    expect(storedFiles()).toEqual(before);
    expect(await t.db("application_documents").where({ application_id: appId })).toHaveLength(0);
  });

  it("another applicant's requests answer 404, through their own application or the owner's", async () => {
    const [request] = await requestsOf(appId);
    const before = storedFiles();
    // Their own (submitted, nothing asked) application: refused before a byte is stored.
    await uploadInto(otherClient, otherAppId, { request_id: request.id }).expect(409);
    await ask(staff, otherAppId, { items: [bankStatement], dueOn: addDays(today(), 5) }).expect(201);
    const res = await uploadInto(otherClient, otherAppId, { request_id: request.id }).expect(404);
    expect(res.body.error.message).toBe("This request does not exist");
    await uploadInto(otherClient, appId, { request_id: request.id }).expect(404);
    expect(await t.db("document_requests").where({ id: request.id }).first()).toMatchObject({ status: "open" });
    expect(storedFiles()).toEqual(before);
    // Nor do they see them.
    const page = await otherClient.get(`/application/${appId}`);
    expect(page.status).toBe(303);
    expect(JSON.stringify((await detailsProps(otherClient, otherAppId)).requests)).not.toContain(request.id);
  });

  it("uploads into an open request: the request is fulfilled, the file waits for review, the staff inbox is told", async () => {
    const [request] = await requestsOf(appId);
    const res = await uploadInto(ownerClient, appId, { request_id: request.id }).expect(201);
    expect(res.body.document).toMatchObject({ documentType: "bank_statement", fileName: "statement.pdf" });
    const doc = await t.db("application_documents").where({ application_id: appId }).first();
    expect(doc).toMatchObject({ request_id: request.id, review_state: "to_review" });
    expect(await t.db("document_requests").where({ id: request.id }).first()).toMatchObject({ status: "fulfilled" });
    expect((await t.db("visa_applications").where({ id: appId }).first()).documents_to_review).toBe(1);
    const [notice] = await t.smtp.waitFor((m) => m.to.includes("desk@horizon.test") && m.subject.startsWith("Document received"));
    expect(notice.text).toContain("Bank statement");
    expect(await t.db("audit_events").where({ action: "request_fulfilled", subject_id: appId })).toHaveLength(1);
  });

  it("uploads into a closed request are refused and nothing is stored", async () => {
    const [request] = await requestsOf(appId);
    expect(request.status).toBe("fulfilled");
    const before = { files: storedFiles(), docs: await t.db("application_documents").where({ application_id: appId }) };
    const res = await uploadInto(ownerClient, appId, { request_id: request.id }, PNG, "again.png").expect(409);
    expect(res.body.error.message).toBe("This request is closed: upload into an open request.");
    expect(storedFiles()).toEqual(before.files);
    expect(await t.db("application_documents").where({ application_id: appId })).toEqual(before.docs);
  });

  it("a bad request id or a request for another slot is a 400, and nothing is stored", async () => {
    const before = storedFiles();
    expect((await uploadInto(ownerClient, appId, { request_id: "not-a-uuid" }).expect(400)).body.error.fields.request_id).toBe(
      "This request does not exist",
    );
    const letter = (await requestsOf(appId))[1];
    await uploadInto(ownerClient, appId, { request_id: letter.id, document_type: "transcript" }).expect(400);
    expect(storedFiles()).toEqual(before);
  });

  it("replaces the passport scan through a request, and only through one", async () => {
    const scan = (id: string, fields: Record<string, string>) => {
      const req = ownerClient.agent
        .post(`/api/applications/${id}/passport/passport-scan`)
        .set("X-CSRF-Token", ownerClient.token)
        .set("Accept", "application/json");
      for (const [k, v] of Object.entries(fields)) req.field(k, v);
      return req.attach("file", JPEG, "new-scan.jpg");
    };
    const before = (await t.db("visa_applications").where({ id: appId }).first()).passport_scan_path;
    const [letter] = (await requestsOf(appId)).filter((r) => r.document_type === "other");
    // An open request for another document does not open the passport slot.
    expect((await scan(appId, { request_id: letter.id }).expect(400)).body.error.message).toBe("This request asks for another document");
    await ask(staff, appId, {
      items: [{ label: "Passport scan", documentType: "passport_scan", requirementKey: null }],
      dueOn: addDays(today(), 7),
    }).expect(201);
    const passportRequest = (await requestsOf(appId)).find((r) => r.document_type === "passport_scan");
    await scan(appId, { request_id: passportRequest.id }).expect(201);
    const after = await t.db("visa_applications").where({ id: appId }).first();
    expect(after.passport_scan_path).not.toBe(before);
    expect(after.passport_scan_mime).toBe("image/jpeg");
    expect(storedFiles()).not.toContain(before);
    expect(await t.db("document_requests").where({ id: passportRequest.id }).first()).toMatchObject({ status: "fulfilled" });
    await scan(appId, { request_id: passportRequest.id }).expect(409);
  });
});

describe("every document reviewed", () => {
  it("the applicant never changes a review state", async () => {
    const doc = await t.db("application_documents").where({ application_id: appId }).first();
    await review(ownerClient, doc.id, { decision: "accepted" }).expect(403);
    expect((await t.db("application_documents").where({ id: doc.id }).first()).review_state).toBe("to_review");
  });

  it("sending back needs a reason; bad input changes nothing", async () => {
    const doc = await t.db("application_documents").where({ application_id: appId }).first();
    expect((await review(staff, doc.id, { decision: "sent_back", reason: " " }).expect(400)).body.error.message).toBe(
      "Say why the document is sent back",
    );
    await review(staff, doc.id, { decision: "maybe" }).expect(400);
    await review(staff, "00000000-0000-4000-8000-000000000000", { decision: "accepted" }).expect(404);
    expect(await t.db("application_documents").where({ id: doc.id }).first()).toMatchObject({ review_state: "to_review", review_reason: null });
  });

  it("a sent-back document's reason reaches the applicant's e-mail, and its request opens again", async () => {
    const doc = await t.db("application_documents").where({ application_id: appId }).first();
    const res = await review(staff, doc.id, { decision: "sent_back", reason: "The statement is older than 3 months." }).expect(200);
    expect(res.body.document).toMatchObject({ reviewState: "sent_back", reason: "The statement is older than 3 months." });
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.startsWith("A document was sent back"));
    expect(mail.text).toContain("The statement is older than 3 months.");
    expect(mail.text).toContain("statement.pdf");
    const request = await t.db("document_requests").where({ id: doc.request_id }).first();
    expect(request).toMatchObject({ status: "open", sent_back_reason: "The statement is older than 3 months.", due_on: addDays(today(), 14) });
    expect((await t.db("visa_applications").where({ id: appId }).first()).documents_to_review).toBe(0);
    const open = (await detailsProps(ownerClient, appId)).requests.open.find((r: { id: string }) => r.id === request.id);
    expect(open.sentBackReason).toBe("The statement is older than 3 months.");
    expect(await t.db("audit_events").where({ action: "document_sent_back", subject_id: doc.id })).toHaveLength(1);
  });

  it("the new file replaces the sent-back one; staff accept it: '1 of 1 accepted'", async () => {
    const old = await t.db("application_documents").where({ application_id: appId }).first();
    await uploadInto(ownerClient, appId, { request_id: old.request_id }, PNG, "statement-new.png").expect(201);
    const docs = await t.db("application_documents").where({ application_id: appId });
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ file_name: "statement-new.png", review_state: "to_review", review_reason: null, request_id: old.request_id });
    expect(storedFiles()).not.toContain(old.file_path);
    await review(staff, docs[0].id, { decision: "accepted" }).expect(200);
    const props = await reviewProps(appId);
    expect(props.documentReview).toMatchObject({ accepted: 1, reviewable: 1 });
    expect(props.documentReview.typed).toContainEqual({ label: "Passport number", value: expect.any(String) });
    expect((await t.db("visa_applications").where({ id: appId }).first()).documents_to_review).toBe(0);
  });

  it("previews go through the authorised route: a PDF inline with the download's headers, nobody else's", async () => {
    await ask(staff, otherAppId, {
      items: [{ label: "Transcript", documentType: "transcript", requirementKey: null }],
      dueOn: addDays(today(), 5),
    }).expect(201);
    const transcript = (await requestsOf(otherAppId)).find((r) => r.document_type === "transcript");
    const docId = (await uploadInto(otherClient, otherAppId, { request_id: transcript.id }).expect(201)).body.document.id;
    const preview = await staff.get(`/files/documents/${docId}?preview=1`).expect(200);
    expect(preview.headers["content-disposition"]).toMatch(/^inline;/);
    expect(preview.headers).toMatchObject({
      "content-type": "application/pdf",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect((await staff.get(`/files/documents/${docId}`).expect(200)).headers["content-disposition"]).toMatch(/^attachment;/);
    await ownerClient.get(`/files/documents/${docId}?preview=1`).expect(404);
  });
});

describe("reminders and the admin list", () => {
  it("two days before the due date the job reminds of what is still open, and of nothing once answered", async () => {
    const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    const open = (await requestsOf(appId)).filter((r) => r.status === "open");
    expect(open.map((r) => r.label)).toEqual(["Letter from your employer, on headed paper"]);
    expect(await remindDueRequests(ctx, { userId: null, via: "system" }, { applicationId: appId, dueOn: open[0].due_on })).toEqual({ reminded: 1 });
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.startsWith("Reminder: documents due"));
    expect(mail.text).toContain("Letter from your employer, on headed paper");
    await uploadInto(ownerClient, appId, { request_id: open[0].id }, JPEG, "letter.jpg").expect(201);
    expect(await remindDueRequests(ctx, { userId: null, via: "system" }, { applicationId: appId, dueOn: open[0].due_on })).toEqual({ reminded: 0 });
  });

  it("the list counts the files to review, filters by them, and marks overdue requests", async () => {
    await ask(staff, otherAppId, { items: [bankStatement], dueOn: today() }).expect(201);
    await t
      .db("document_requests")
      .where({ application_id: otherAppId, status: "open" })
      .update({ due_on: addDays(today(), -1) });
    const all = (await staff.getJson("/admin?tab=all").expect(200)).body.props.rows as { id: string; toReview: number; overdue: boolean }[];
    expect(all.find((r) => r.id === appId)).toMatchObject({ toReview: 1, overdue: false });
    expect(all.find((r) => r.id === otherAppId)).toMatchObject({ toReview: 1, overdue: true });
    await review(staff, (await t.db("application_documents").where({ application_id: appId, review_state: "to_review" }).first()).id, {
      decision: "accepted",
    }).expect(200);
    const filtered = (await staff.getJson("/admin?tab=all&review=1").expect(200)).body.props;
    expect(filtered.rows.map((r: { id: string }) => r.id)).toEqual([otherAppId]);
    expect(filtered.total).toBe(1);
    expect(filtered.query.review).toBe("1");
    expect((await reviewProps(otherAppId)).documentRequests.overdue).toBe(true);
  });
});

describe("a request for an item of the application's document list", () => {
  const TUS = { "Tus-Resumable": "1.0.0" };
  const metadata = (m: Record<string, string>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");

  it("is offered to staff, and a resumable upload into it is filed under the item and fulfils the request", async () => {
    const id = await submittedApplication(ownerClient);
    const { suggestions } = (await reviewProps(id)).documentRequests;
    const item = suggestions.find((s: { requirementKey: string | null }) => s.requirementKey !== null);
    expect(item, "the list names at least one item of its own").toBeDefined();
    await ask(staff, id, { items: [item], dueOn: addDays(today(), 7) }).expect(201);
    const [request] = await requestsOf(id);
    expect(request).toMatchObject({ document_type: "other", requirement_key: item.requirementKey, status: "open" });

    const meta = { applicationId: id, kind: "document", request_id: request.id, filename: "letter.pdf" };
    const created = ownerClient.agent.post("/api/uploads").set(TUS).set("X-CSRF-Token", ownerClient.token);
    const location = (await created.set("Upload-Length", String(PDF.length)).set("Upload-Metadata", metadata(meta)).expect(201)).headers.location;
    await ownerClient.agent
      .patch(location)
      .set(TUS)
      .set("X-CSRF-Token", ownerClient.token)
      .set("Upload-Offset", "0")
      .set("Content-Type", "application/offset+octet-stream")
      .send(PDF)
      .expect(201);
    const doc = await t.db("application_documents").where({ application_id: id }).first();
    expect(doc).toMatchObject({ document_type: "other", requirement_key: item.requirementKey, request_id: request.id, review_state: "to_review" });
    expect(await t.db("document_requests").where({ id: request.id }).first()).toMatchObject({ status: "fulfilled" });
  });

  it("a requested file on an assigned case tells its officer instead of the staff inbox", async () => {
    const id = await submittedApplication(ownerClient);
    const officer = await makeUser(t.db, { officer: true, fullName: "Tunde Bello" });
    await t.db("visa_applications").where({ id }).update({ assignee_id: officer.id });
    await ask(staff, id, { items: [bankStatement], dueOn: addDays(today(), 7) }).expect(201);
    const [request] = await requestsOf(id);
    await uploadInto(ownerClient, id, { request_id: request.id }).expect(201);
    const [notice] = await t.smtp.waitFor((m) => m.to.includes(officer.email) && m.subject.startsWith("Document received"));
    expect(notice.text).toContain("Bank statement");
    const queued = await t.db("email_messages").where({ application_id: id, kind: "request_fulfilled_staff" });
    expect(queued.map((m) => m.to_address)).toEqual([officer.email]);
  });

  it("a resumable upload into another applicant's request is refused before any byte is kept", async () => {
    const id = await submittedApplication(ownerClient);
    await ask(staff, id, { items: [bankStatement], dueOn: addDays(today(), 7) }).expect(201);
    const [request] = await requestsOf(id);
    const meta = { applicationId: id, kind: "document", request_id: request.id, filename: "statement.pdf" };
    await otherClient.agent
      .post("/api/uploads")
      .set(TUS)
      .set("X-CSRF-Token", otherClient.token)
      .set("Upload-Length", String(PDF.length))
      .set("Upload-Metadata", metadata(meta))
      .expect(404);
    expect(await t.db("document_requests").where({ id: request.id }).first()).toMatchObject({ status: "open" });
  });
});
