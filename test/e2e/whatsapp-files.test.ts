// Files clients send on WhatsApp, in the browser: on the case page a stored PDF shows beside its message with its name,
// type, size and link, a refused photo says why; the manager files the PDF against the open request with the plain form
// at 360 px, and the case shows it filed; the WhatsApp inbox shows a file from an unknown number. Axe and no
// horizontal scroll at 360 and 1280 px.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { type E2E, e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { JPEG, pdfOf } from "../helpers/files.ts";

const e2e = setupE2E();
let applicant: TestUser;
let manager: TestUser;
beforeAll(async () => {
  if (!e2eEnabled) return;
  applicant = await makeUser(e2e.db, { fullName: "Amaka Obi" });
  manager = await makeStaff(e2e, { fullName: "Ngozi Manager" });
});

/** A file as the job worker leaves it: stored in the upload folder (or refused, nothing stored), its message recorded. */
async function received(
  e: E2E,
  opts: { applicationId?: string; userId?: string; body: string; kind: "image" | "document"; stored?: { name: string; mime: string; bytes: Buffer } },
) {
  const folder = opts.userId ? `${opts.userId}/documents` : randomUUID();
  const ext = opts.stored?.mime === "application/pdf" ? "pdf" : "jpg";
  const key = `${folder}/whatsapp_${randomUUID()}.${ext}`;
  if (opts.stored) {
    mkdirSync(path.join(e.uploadDir, folder), { recursive: true });
    writeFileSync(path.join(e.uploadDir, key), opts.stored.bytes);
  }
  const message = opts.applicationId
    ? (
        await e
          .db("application_messages")
          .insert({ application_id: opts.applicationId, author_id: opts.userId, author_role: "applicant", body: opts.body, channel: "whatsapp" })
          .returning("id")
      )[0].id
    : null;
  await e.db("whatsapp_inbound").insert({
    wamid: `wamid.${randomUUID()}`,
    from_phone: opts.applicationId ? "+2348031117701" : "+447911127788",
    profile_name: opts.applicationId ? "Amaka" : "Tom",
    kind: opts.kind,
    body: opts.body,
    outcome: opts.applicationId ? "conversation" : "inbox",
    user_id: opts.userId ?? null,
    message_id: message,
    media_id: String(Date.now()),
    ...(opts.stored
      ? { media_state: "stored", media_path: key, media_mime: opts.stored.mime, media_size: opts.stored.bytes.length, media_name: opts.stored.name }
      : {
          media_state: "refused",
          media_reason: "The file's contents do not match its .jpg name. Upload a real .jpg, .jpeg, .png or .pdf file.",
        }),
  });
}

describe.skipIf(!e2eEnabled)("files sent on WhatsApp", () => {
  it("show beside their message on the case page and the manager files one against the open request", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-WAF001", status: "submitted" });
    await e2e
      .db("document_requests")
      .insert({ application_id: id, label: "Bank statement (last 6 months)", document_type: "bank_statement", due_on: "2099-01-31" });
    await received(e2e, {
      applicationId: id,
      userId: applicant.id,
      body: "Here is my bank statement for the last six months.",
      kind: "document",
      stored: { name: "GTBank statement Jan-Jun 2026.pdf", mime: "application/pdf", bytes: pdfOf(245_000) },
    });
    await received(e2e, { applicationId: id, userId: applicant.id, body: "Sent a photo on WhatsApp.", kind: "image" });

    const { page, problems, context } = await signInAs(e2e, manager);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${e2e.url}/admin/application/${id}#messages`);
    const thread = page.getByRole("list", { name: "Messages, oldest first" });
    await thread.getByRole("link", { name: "GTBank statement Jan-Jun 2026.pdf" }).waitFor();
    await thread.getByText("· PDF document · 239 KB").waitFor();
    await thread.getByText(/^Refused, not stored: The file's contents do not match its \.jpg name/).waitFor();
    const form = page.getByRole("form", { name: "File GTBank statement Jan-Jun 2026.pdf" });
    await form.scrollIntoViewIfNeeded();
    await atBothWidths(page, "whatsapp-file-case-page");

    // The link opens the file itself.
    const href = await thread.getByRole("link", { name: "GTBank statement Jan-Jun 2026.pdf" }).getAttribute("href");
    const file = await page.request.get(`${e2e.url}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");

    await page.setViewportSize({ width: 360, height: 800 });
    await form.getByLabel("File against a requested document").selectOption({ label: "Bank statement (last 6 months)" });
    await form.getByRole("button", { name: "File it" }).click();
    await page.getByText("File filed", { exact: true }).waitFor();
    await thread.getByText("Filed against Bank statement (last 6 months).").waitFor();
    expect(await page.getByRole("form", { name: "File GTBank statement Jan-Jun 2026.pdf" }).count()).toBe(0);
    const request = await e2e.db("document_requests").where({ application_id: id }).first();
    expect(request.status).toBe("fulfilled");
    expect(await e2e.db("application_documents").where({ request_id: request.id }).first("file_name")).toEqual({
      file_name: "GTBank statement Jan-Jun 2026.pdf",
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("from an unknown number show in the WhatsApp inbox with their link", async () => {
    await received(e2e, {
      body: "Passport photo for my visitor visa",
      kind: "image",
      stored: { name: "WhatsApp photo.jpg", mime: "image/jpeg", bytes: JPEG },
    });
    const { page, problems, context } = await signInAs(e2e, manager);
    await page.goto(`${e2e.url}/admin/whatsapp`);
    await page.getByRole("link", { name: "WhatsApp photo.jpg" }).waitFor();
    await page.getByText("· JPEG image ·", { exact: false }).first().waitFor();
    await atBothWidths(page, "whatsapp-file-inbox");
    expect(problems).toEqual([]);
    await context.close();
  });
});
