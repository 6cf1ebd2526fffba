// A photo or a PDF a client sends on WhatsApp, against a real database, the job worker and the local Cloud API
// compatible server: fetched by the worker (the webhook only queues it), checked by its bytes as an upload is and
// stored, shown to staff with the message; filed once against a requested document as the applicant's own upload; a
// file whose bytes are not an accepted type, or whose sha256 differs, or that is too large, is refused with its reason
// and never stored; a bad token is tried again and then marked failed with Meta's answer; the file's link is for the
// case's staff only.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_FILED } from "../../server/actions/messages/fileWhatsappMedia.ts";
import { fetchWhatsappMedia, SHA_MISMATCH } from "../../server/channels/whatsappMedia.ts";
import { addDays, lagosDay } from "../../server/domain/calendar.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { TOO_LARGE } from "../../server/middleware/upload.ts";
import { createStorage } from "../../server/storage/select.ts";
import { CHOOSE_REQUEST } from "../../server/validation/messages.ts";
import { insertApp } from "../helpers/admin.ts";
import type { Client } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, HTML, JPEG, PDF, pdfOf } from "../helpers/files.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import { deliver, type LocalWhatsApp, type MediaPart, messageDelivery, startLocalWhatsApp } from "../helpers/whatsapp.ts";

let t: MailTestApp;
let wa: LocalWhatsApp;
let server: Server;
let url: string;
let staff: Client;
// One folder for the site's and the worker's storage, as in production.
const uploadDir = mkdtempSync(path.join(tmpdir(), "vs-wa-media-"));
beforeAll(async () => {
  wa = await startLocalWhatsApp();
  t = await createMailTestApp({ ...wa.env, UPLOAD_DIR: uploadDir, STAFF_NOTIFY_EMAIL: "desk@horizon.test" });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staff = await signedIn(t.app, await makeUser(t.db, { admin: true, fullName: "Folake Adeyemi" }));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await wa.stop();
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const stored = () => filesUnder(uploadDir).filter((f) => !f.startsWith(".tmp"));
const sendMedia = (from: string, type: "image" | "document", media: MediaPart) =>
  deliver(url, messageDelivery({ from, type, media }), { appSecret: wa.env.WHATSAPP_APP_SECRET });
const inbound = (mediaId: string) => t.db("whatsapp_inbound").where({ media_id: mediaId }).first();
/** Waits for the job worker to settle the message's file (stored, refused or failed). */
async function settled(mediaId: string) {
  await expect.poll(async () => (await inbound(mediaId))?.media_state, { timeout: 15_000 }).not.toBe("waiting");
  return inbound(mediaId);
}
const reviewThread = async (id: string) => (await staff.getJson(`/admin/application/${id}`).expect(200)).body.props.thread.messages;

/** A client who chose WhatsApp at this number, with a submitted application. */
async function client(digits: string) {
  const user = await makeUser(t.db, { fullName: "Chidi Okafor" });
  const web = await signedIn(t.app, user);
  await web.post("/api/account/channels", { channelPhone: `+${digits}`, whatsapp: "yes" }).expect(200);
  const app = await insertApp(t.db, user.id, { status: "submitted", submitted_at: new Date(), full_name: "Chidi Okafor" });
  return { user, web, app };
}

describe("a photo sent on WhatsApp", () => {
  it("is fetched by the job worker, checked, stored and shown to staff in the case's conversation with its caption", async () => {
    const { web, app } = await client("2348031114401");
    const media = wa.addMedia(JPEG, "image/jpeg");
    const before = stored().length;
    const res = await sendMedia("2348031114401", "image", {
      id: media.id,
      mime_type: "image/jpeg",
      sha256: media.sha256,
      caption: "My passport photo",
    });
    expect(res.status).toBe(200);
    const row = await settled(media.id);
    expect(row).toMatchObject({ media_state: "stored", media_mime: "image/jpeg", media_reason: null, user_id: expect.any(String) });
    expect(Number(row.media_size)).toBe(JPEG.length);
    expect(stored()).toHaveLength(before + 1);
    // Both of Meta's GETs carried the token.
    expect(wa.mediaRequests.filter((r) => r.path.endsWith(media.id))).toEqual([
      { path: `/v21.0/${media.id}`, authorised: true },
      { path: `/download/media/${media.id}`, authorised: true },
    ]);
    const [message] = await reviewThread(app.id);
    expect(message).toMatchObject({ body: "My passport photo", tag: "via WhatsApp" });
    expect(message.file).toMatchObject({ kindLabel: "Photo", state: "stored", name: "WhatsApp photo.jpg", typeLabel: "JPEG image", fileForm: null });
    expect(message.file.sizeText).toMatch(/bytes|KB/);
    const file = await staff.get(message.file.href).expect(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(Buffer.compare(file.body, JPEG)).toBe(0);
    // The applicant reads the message, never the staff's link.
    await web.get(message.file.href).expect(404);
    const mine = (await web.getJson(`/application/${app.id}`).expect(200)).body.props.thread.messages;
    expect(mine).toEqual([expect.objectContaining({ body: "My passport photo" })]);
    expect(mine[0].file).toBeUndefined();
  });

  it("from a number no client has waits in the inbox with its file, which staff can open", async () => {
    const media = wa.addMedia(JPEG, "image/jpeg");
    expect((await sendMedia("447911125566", "image", { id: media.id, mime_type: "image/jpeg", sha256: media.sha256 })).status).toBe(200);
    const row = await settled(media.id);
    expect(row).toMatchObject({ outcome: "inbox", media_state: "stored" });
    const inbox = (await staff.getJson("/admin/whatsapp").expect(200)).body.props.messages;
    const entry = inbox.find((m: { id: string }) => m.id === row.id);
    expect(entry.file).toMatchObject({ state: "stored", typeLabel: "JPEG image", href: `/files/whatsapp/${row.id}`, fileForm: null });
    await staff.get(entry.file.href).expect(200);
    // Any staff member may open an inbox file (an officer too); the sender's account, if any, may not.
    await (await signedIn(t.app, await makeUser(t.db, { officer: true }))).get(entry.file.href).expect(200);
    await (await signedIn(t.app, await makeUser(t.db))).get(entry.file.href).expect(404);
  });
});

describe("a client who deletes their account", () => {
  it("takes the files they sent on WhatsApp with them", async () => {
    const { user, web } = await client("2348031114409");
    const media = wa.addMedia(JPEG, "image/jpeg");
    await sendMedia("2348031114409", "image", { id: media.id, mime_type: "image/jpeg", sha256: media.sha256 });
    const row = await settled(media.id);
    expect(stored()).toContain(row.media_path);
    await web.post("/api/account/delete", { password: user.password, confirm: "DELETE" }).expect(200);
    expect(stored()).not.toContain(row.media_path);
    expect(await inbound(media.id)).toBeUndefined();
  });
});

describe("a PDF filed against a requested document", () => {
  it("becomes the request's upload as the applicant's own, once; the case's officer is told", async () => {
    const { user, app } = await client("2348031114402");
    const dueOn = addDays(lagosDay(new Date()), 7);
    const items = [{ label: "Bank statement", documentType: "bank_statement", requirementKey: null }];
    const [request] = (await staff.post(`/api/admin/applications/${app.id}/document-requests`, { items, dueOn }).expect(201)).body.requests;
    const media = wa.addMedia(PDF, "application/pdf");
    await sendMedia("2348031114402", "document", { id: media.id, mime_type: "application/pdf", sha256: media.sha256, filename: "statement.pdf" });
    const row = await settled(media.id);
    const [message] = await reviewThread(app.id);
    expect(message.body).toBe("Sent a document on WhatsApp.");
    expect(message.file).toMatchObject({ name: "statement.pdf", typeLabel: "PDF document", filed: null });
    expect(message.file.fileForm.requests).toEqual([{ id: request.id, label: "Bank statement" }]);

    // Which request is asked for: nothing changes without one.
    const bad = await staff.post(message.file.fileForm.action, { request_id: "" }).expect(400);
    expect(bad.body.error.fields.request_id).toBe(CHOOSE_REQUEST);

    const filed = await staff.form(message.file.fileForm.action, { request_id: request.id });
    expect(filed.status).toBe(303);
    expect(filed.headers.location).toBe(`/admin/application/${app.id}#messages`);
    const docs = await t.db("application_documents").where({ application_id: app.id });
    expect(docs).toEqual([
      expect.objectContaining({ request_id: request.id, document_type: "bank_statement", file_name: "statement.pdf", mime_type: "application/pdf" }),
    ]);
    expect(docs[0].file_path.startsWith(`${user.id}/documents/`)).toBe(true);
    expect(await t.db("document_requests").where({ id: request.id }).first()).toMatchObject({ status: "fulfilled" });
    expect(await inbound(media.id)).toMatchObject({ filed_document_id: docs[0].id });
    await expect
      .poll(async () => t.db("email_messages").where({ application_id: app.id, to_address: "desk@horizon.test" }).pluck("kind"))
      .toContain("request_fulfilled_staff");
    expect(await t.db("audit_events").where({ action: "whatsapp_file_filed", subject_id: app.id })).toHaveLength(1);
    const [after] = await reviewThread(app.id);
    expect(after.file).toMatchObject({ filed: "Bank statement", fileForm: null });

    // A second filing is refused, and changes nothing.
    const again = await staff.post(`/admin/application/${app.id}/whatsapp/${row.id}/file`, { request_id: request.id }).expect(409);
    expect(again.body.error.message).toBe(ALREADY_FILED);
    // The plain form: the case page again, at 409, the message beside the file.
    const page = await staff.form(`/admin/application/${app.id}/whatsapp/${row.id}/file`, { request_id: request.id });
    expect(page.status).toBe(409);
    expect(page.text).toContain(ALREADY_FILED);
    expect(await t.db("application_documents").where({ application_id: app.id })).toHaveLength(1);
  });
});

describe("a file that is refused", () => {
  it("whose bytes are not an accepted type is refused with the upload's words and never stored", async () => {
    const { app } = await client("2348031114403");
    const media = wa.addMedia(HTML, "application/pdf");
    const before = stored().length;
    await sendMedia("2348031114403", "document", { id: media.id, mime_type: "application/pdf", sha256: media.sha256, filename: "statement.pdf" });
    const row = await settled(media.id);
    expect(row).toMatchObject({
      media_state: "refused",
      media_path: null,
      media_reason: "The file's contents do not match its .pdf name. Upload a real .jpg, .jpeg, .png or .pdf file.",
    });
    expect(stored()).toHaveLength(before);
    const [message] = await reviewThread(app.id);
    expect(message.file).toMatchObject({ state: "refused", href: null, fileForm: null });
    expect(message.file.note).toContain("Upload a real .jpg, .jpeg, .png or .pdf file.");
    await staff.get(`/files/whatsapp/${row.id}`).expect(404);
  });

  it("whose sha256 is not the one the message gave is refused and never stored", async () => {
    await client("2348031114404");
    const media = wa.addMedia(PDF, "application/pdf");
    const before = stored().length;
    const other = wa.addMedia(JPEG, "image/jpeg");
    await sendMedia("2348031114404", "document", { id: media.id, mime_type: "application/pdf", sha256: other.sha256, filename: "statement.pdf" });
    expect(await settled(media.id)).toMatchObject({ media_state: "refused", media_reason: SHA_MISMATCH, media_path: null });
    expect(stored()).toHaveLength(before);
  });

  it("larger than an upload may be is refused with the upload's words", async () => {
    await client("2348031114405");
    const media = wa.addMedia(pdfOf(10 * 1024 * 1024 + 1), "application/pdf");
    await sendMedia("2348031114405", "document", { id: media.id, mime_type: "application/pdf", filename: "big.pdf" });
    expect(await settled(media.id)).toMatchObject({ media_state: "refused", media_reason: TOO_LARGE, media_path: null });
  });
});

describe("fetching with a bad token", () => {
  it("is tried again while attempts remain, then marked failed with Meta's answer", async () => {
    const media = wa.addMedia(JPEG, "image/jpeg");
    // Recorded without a job, so that only this test's calls fetch it.
    const [row] = await t
      .db("whatsapp_inbound")
      .insert({
        wamid: `wamid.bad-token-${media.id}`,
        from_phone: "+2348031114406",
        kind: "image",
        outcome: "inbox",
        media_id: media.id,
        media_state: "waiting",
      })
      .returning("*");
    const whatsapp = t.config.channels.whatsapp;
    if (!whatsapp) throw new Error("WhatsApp settings missing");
    const config = { ...t.config, channels: { ...t.config.channels, whatsapp: { ...whatsapp, token: "EAAGnot-the-right-token" } } };
    const deps = { db: t.db, config, storage: createStorage(t.config), logger: createLogger("silent") };
    await expect(fetchWhatsappMedia(deps, row.id, { attempts: 1, maxAttempts: 3 })).rejects.toThrow(/401 Invalid OAuth access token/);
    expect(await inbound(media.id)).toMatchObject({ media_state: "waiting", media_reason: expect.stringContaining("401") });
    await expect(fetchWhatsappMedia(deps, row.id, { attempts: 2, maxAttempts: 3 })).rejects.toThrow();
    await fetchWhatsappMedia(deps, row.id, { attempts: 3, maxAttempts: 3 });
    expect(await inbound(media.id)).toMatchObject({
      media_state: "failed",
      media_reason: "The file's details were refused: 401 Invalid OAuth access token - Cannot parse access token",
      media_path: null,
    });
    expect(wa.mediaRequests.filter((r) => r.path.endsWith(media.id)).map((r) => r.authorised)).toEqual([false, false, false]);
  });
});

describe("the download address Meta answers", () => {
  it("gets the token only over HTTPS or at the API's own origin: an http address elsewhere fails and is never asked", async () => {
    const media = wa.addMedia(JPEG, "image/jpeg");
    const [row] = await t
      .db("whatsapp_inbound")
      .insert({
        wamid: `wamid.elsewhere-${media.id}`,
        from_phone: "+2348031114410",
        kind: "image",
        outcome: "inbox",
        media_id: media.id,
        media_state: "waiting",
      })
      .returning("*");
    wa.mediaBase.url = "http://127.0.0.2:9";
    try {
      const deps = { db: t.db, config: t.config, storage: createStorage(t.config), logger: createLogger("silent") };
      await fetchWhatsappMedia(deps, row.id, { attempts: 1, maxAttempts: 1 });
    } finally {
      wa.mediaBase.url = null;
    }
    expect(await inbound(media.id)).toMatchObject({ media_state: "failed", media_reason: "WhatsApp gave no address for the file." });
    expect(wa.mediaRequests.filter((r) => r.path.endsWith(media.id)).map((r) => r.path)).toEqual([`/v21.0/${media.id}`]);
  });
});

describe("a file's link", () => {
  it("answers 404 to an applicant (its sender too), an officer of another case, an unknown id; filing into another case is 404", async () => {
    const a = await client("2348031114407");
    const b = await client("2348031114408");
    const media = wa.addMedia(JPEG, "image/jpeg");
    await sendMedia("2348031114407", "image", { id: media.id, mime_type: "image/jpeg", sha256: media.sha256 });
    const row = await settled(media.id);
    const link = `/files/whatsapp/${row.id}`;
    const mine = await makeUser(t.db, { officer: true });
    const theirs = await makeUser(t.db, { officer: true });
    await t.db("visa_applications").where({ id: a.app.id }).update({ assignee_id: mine.id });
    await staff.get(link).expect(200);
    await (await signedIn(t.app, mine)).get(link).expect(200);
    await (await signedIn(t.app, theirs)).get(link).expect(404);
    await a.web.get(link).expect(404);
    await b.web.get(link).expect(404);
    await staff.get("/files/whatsapp/00000000-0000-4000-8000-000000000000").expect(404);
    await staff.get("/files/whatsapp/not-an-id").expect(404);
    expect(await t.db("audit_events").where({ action: "document_downloaded", subject_id: a.app.id })).toHaveLength(2);
    // Filing it through another case, or into another case's request, is refused and changes nothing.
    const dueOn = addDays(lagosDay(new Date()), 7);
    const items = [{ label: "Bank statement", documentType: "bank_statement", requirementKey: null }];
    const [other] = (await staff.post(`/api/admin/applications/${b.app.id}/document-requests`, { items, dueOn }).expect(201)).body.requests;
    await staff.post(`/admin/application/${b.app.id}/whatsapp/${row.id}/file`, { request_id: other.id }).expect(404);
    await staff.post(`/admin/application/${a.app.id}/whatsapp/${row.id}/file`, { request_id: other.id }).expect(400);
    expect(await t.db("application_documents").whereIn("application_id", [a.app.id, b.app.id])).toHaveLength(0);
    expect(await inbound(media.id)).toMatchObject({ filed_at: null, filed_document_id: null });
  });
});
