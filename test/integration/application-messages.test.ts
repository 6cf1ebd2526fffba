// Submitted, paid and status changed: each e-mail received by the real SMTP server; a failed change sends nothing.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp } from "../helpers/mail.ts";
import { signedAgreement } from "../helpers/signatures.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ STAFF_NOTIFY_EMAIL: "office@example.com" });
});
afterAll(() => t.close());

async function submitted() {
  const applicant = await makeUser(t.db, { fullName: "Chidi Okafor" });
  const client = await signedIn(t.app, applicant);
  const { body } = await client.post("/api/applications", completeDraft({ full_name: "Chidi Okafor", phone: "0803 111 2222" })).expect(201);
  const id: string = body.application.id;
  await attachPassportFiles(client, id);
  await client.post(`/api/applications/${id}/submit`).expect(200);
  await signedAgreement(t.db, id);
  const row = await t.db("visa_applications").where({ id }).first();
  return { applicant, client, id, reference: row.reference_number as string };
}

/** A status change's e-mail waits for its 30-second undo window: the waiting jobs run now, as if it had passed. */
const undoWindowPassed = () => t.db("graphile_worker._private_jobs").update({ run_at: t.db.fn.now() });

describe("application messages", () => {
  it("submit: the applicant gets reference, visa, destination, fee and a link to pay; the office gets a review link", async () => {
    const { applicant, id, reference } = await submitted();
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(applicant.email));
    expect(mail.subject).toBe(`Application ${reference} received`);
    expect(mail.text).toContain("Tourist Visa");
    expect(mail.text).toContain("United Kingdom");
    // The fee in the currency it is charged in, with its dollar basis (the default rate is ₦1,550/$).
    expect(mail.text).toMatch(/Application fee: ₦232,500 — \$150 at ₦1,550\/\$, rate of \d{1,2} \w{3} \d{4}/);
    expect(mail.links).toContain(`${BASE_URL}/payment/${id}`);
    const [office] = await t.smtp.waitFor((m) => m.to.includes("office@example.com") && m.subject.includes(reference));
    expect(office.subject).toBe(`New application ${reference} from Chidi Okafor`);
    expect(office.links).toContain(`${BASE_URL}/admin/application/${id}`);
  });

  it("payment: the receipt with reference, amount, date and the printable receipt's link; no card field stored", async () => {
    const { applicant, client, id, reference } = await submitted();
    await client
      .post(`/api/applications/${id}/payment`, { cardNumber: "4111111111111111", expiry: "1230", cvv: "123", cardholderName: "Chidi Okafor" })
      .expect(200);
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(applicant.email) && m.subject.startsWith("Payment received"));
    expect(mail.subject).toBe(`Payment received for ${reference}`);
    expect(mail.text).toContain("₦232,500");
    expect(mail.text).toMatch(/Payment reference: PAY-\d+-[A-Z]{8}/);
    expect(mail.links).toContain(`${BASE_URL}/application/${id}/receipt`);
    const { receipt_code } = await t.db("payments").where({ application_id: id }).first();
    expect(mail.text).toContain(`Receipt code: ${receipt_code}`);
    expect(mail.links).toContain(`${BASE_URL}/receipts/${receipt_code}`);
    // Its QR code travels inside the message (a PNG shown by Content-ID, no remote image) and leads to the same check.
    const [qr] = mail.attachments.filter((a) => a.contentType === "image/png");
    expect(qr?.cid).toBeTruthy();
    const htmlPart = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="); // quoted-printable, undone
    expect(htmlPart).toContain(`src="cid:${qr.cid}"`);
    const png = PNG.sync.read(qr.bytes);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${BASE_URL}/receipts/${receipt_code}`);
    const stored = JSON.stringify(await t.db("email_messages").where({ application_id: id }));
    expect(stored).not.toContain("4111111111111111");
  });

  it("status change: the new status in words, the note and a link; staff see it listed with a WhatsApp message of the same words", async () => {
    const { applicant, id, reference } = await submitted();
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    await staff
      .patch(`/api/admin/applications/${id}/status`, { status: "approved", shownStatus: "submitted", note: "Collect your passport on Friday." })
      .expect(200);
    await undoWindowPassed();
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(applicant.email) && m.subject.endsWith("Approved"));
    expect(mail.subject).toBe(`Application ${reference}: Approved`);
    expect(mail.text).toContain(`Your application ${reference} has been approved.`);
    expect(mail.text).toContain("Collect your passport on Friday.");
    expect(mail.links).toContain(`${BASE_URL}/application/${id}`);
    const review = await staff.getJson(`/admin/application/${id}`).expect(200);
    const subjects = review.body.props.messages.map((m: { subject: string }) => m.subject);
    expect(subjects).toContain(`Application ${reference}: Approved`);
    const wa = new URL(review.body.props.whatsapp);
    expect(wa.origin + wa.pathname).toBe("https://wa.me/2348031112222");
    expect(wa.searchParams.get("text")).toContain(`Your application ${reference} has been approved.`);
    expect(wa.searchParams.get("text")).toContain("Collect your passport on Friday.");
  });

  it("a status change that fails to commit sends nothing and records nothing", async () => {
    const { applicant, id } = await submitted();
    await t.smtp.waitFor((m) => m.to.includes(applicant.email));
    await t.db.raw(`
      CREATE OR REPLACE FUNCTION refuse_rejection() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'rejections are refused at commit'; END $$;
      CREATE CONSTRAINT TRIGGER refuse_rejection AFTER UPDATE ON visa_applications DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.status = 'rejected') EXECUTE FUNCTION refuse_rejection();`);
    try {
      const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
      await staff
        .patch(`/api/admin/applications/${id}/status`, { status: "rejected", shownStatus: "submitted", note: "Should never arrive" })
        .expect(500);
      expect(await t.db("email_messages").where({ application_id: id, kind: "status_changed" })).toHaveLength(0);
      expect((await t.db("visa_applications").where({ id }).first()).status).toBe("submitted");
      // The next change's message arriving shows the worker has caught up: a stray one would have come by now.
      await staff
        .patch(`/api/admin/applications/${id}/status`, { status: "under_review", shownStatus: "submitted", note: "Taken up after the refusal" })
        .expect(200);
      await undoWindowPassed();
      await t.smtp.waitFor((m) => m.to.includes(applicant.email) && m.text.includes("Taken up after the refusal"));
      expect(t.smtp.received.some((m) => m.text.includes("Should never arrive"))).toBe(false);
    } finally {
      await t.db.raw("DROP TRIGGER refuse_rejection ON visa_applications; DROP FUNCTION refuse_rejection();");
    }
  });

  it("Outbox lists failed messages and Retry sends them", async () => {
    const { applicant, id } = await submitted();
    await t.smtp.waitFor((m) => m.to.includes(applicant.email));
    // The worker records the send after the SMTP server has the message: marked failed before that, the worker's
    // "sent" would overwrite it (a loaded CI run), so the row is made failed only once the send is recorded.
    const row = await vi.waitFor(
      async () => {
        const sent = await t.db("email_messages").where({ application_id: id, kind: "application_submitted" }).first();
        expect(sent?.status).toBe("sent");
        return sent;
      },
      { timeout: 15_000, interval: 50 },
    );
    await t.db("email_messages").where({ id: row.id }).update({ status: "failed", error: "connect ECONNREFUSED", attempts: 3 });
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const outbox = await staff.getJson("/admin/outbox").expect(200);
    expect(outbox.body.props.messages.map((m: { id: string }) => m.id)).toContain(row.id);
    await staff.post(`/api/admin/messages/${row.id}/retry`).expect(200);
    await t.smtp.waitFor((m) => m.to.includes(applicant.email) && m.subject === row.subject, 2);
    await staff.post(`/api/admin/messages/${row.id}/retry`).expect(404);
  });
});
