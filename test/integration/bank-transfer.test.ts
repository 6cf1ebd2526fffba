// Bank transfer: the applicant starts a transfer (a code, the account, the exact Naira amount), uploads a proof checked
// by its bytes, and staff confirm (the application is paid, the receipt sent) or reject it (the reason sent). Every
// refusal changes nothing: no row, no file, no message.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../views/lib/format.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, JPEG, PDF, PNG } from "../helpers/files.ts";
import { BANK_ENV, postProof, submittedApplication } from "../helpers/payments.ts";

let t: TestApp;
let owner: Client;
let other: Client;
let staff: Client;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp(BANK_ENV);
  owner = await signedIn(t.app, await makeUser(t.db, { fullName: "Adaeze Nwosu" }));
  other = await signedIn(t.app, await makeUser(t.db));
  const admin = await makeUser(t.db, { admin: true, fullName: "Bola Staff" });
  staffId = admin.id;
  staff = await signedIn(t.app, admin);
});
afterAll(() => t.drop());

const QUOTE = "₦232,500";
const stored = () => filesUnder(t.config.uploadDir).filter((f) => f.includes("/payments/"));
const paymentOf = (applicationId: string) =>
  t.db("payments").where({ application_id: applicationId, provider: "bank_transfer" }).orderBy("created_at", "desc");
const audits = (action: string) => t.db("audit_events").where({ action });
const mails = (kind: string) => t.db("email_messages").where({ kind });

/** A submitted application with a bank transfer started: its id and the attempt. */
async function started(client = owner) {
  const id = await submittedApplication(client);
  await client.form(`/payment/${id}/bank-transfer`, {}).expect(303);
  const [payment] = await paymentOf(id);
  return { id, payment };
}

/** …and its proof uploaded. */
async function awaiting() {
  const { id } = await started();
  await postProof(owner, id, PNG, "receipt.png").expect(303);
  const [payment] = await paymentOf(id);
  return { id, payment, shown: new Date(payment.proof_uploaded_at).toISOString() };
}

describe("starting a bank transfer", () => {
  it("shows the account, the exact Naira amount, the narration code and the quote's expiry, without JavaScript", async () => {
    const id = await submittedApplication(owner);
    const before = await owner.get(`/payment/${id}`).expect(200);
    expect(before.text).toContain("Pay by bank transfer");
    expect(before.text).not.toContain("Account number");

    const res = await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    expect(res.headers.location).toBe(`/payment/${id}`);
    const [payment] = await paymentOf(id);
    expect(payment).toMatchObject({ state: "pending", currency: "NGN", amount_minor: 23_250_000, fee_usd_cents: 15_000, rate_kobo_per_usd: 155_000 });
    expect(payment.payment_code).toMatch(/^HG[A-HJ-NP-Z2-9]{6}$/);
    expect(new Date(payment.quote_expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const page = await owner.get(`/payment/${id}`).expect(200);
    for (const text of ["Horizon Gateway Travel Ltd", "0123456789", "Zenith Bank", QUOTE, "This price holds until"])
      expect(page.text).toContain(text);
    expect(page.text).toContain(`Write <span class="font-mono">${payment.payment_code}</span> in the transfer&#x27;s narration.`);
    const audit = await audits("payment_started").where({ subject_id: id });
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ payment: payment.id, provider: "bank_transfer", amount: 23_250_000, code: payment.payment_code });
  });

  it("shows the open transfer again rather than starting a second one", async () => {
    const { id, payment } = await started();
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    expect(await paymentOf(id)).toHaveLength(1);
    expect(await audits("payment_started").where({ subject_id: id })).toHaveLength(1);
    expect((await paymentOf(id))[0].payment_code).toBe(payment.payment_code);
  });

  it("after the quote expired without a proof, closes it as failed ('Quote expired') and makes a new quote", async () => {
    const { id, payment } = await started();
    await t
      .db("payments")
      .where({ id: payment.id })
      .update({ quote_expires_at: new Date(Date.now() - 60_000) });
    const page = await owner.get(`/payment/${id}`).expect(200);
    expect(page.text).toContain("This price expired on");
    expect(page.text).toContain("Start again at today&#x27;s price");
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    const [fresh, old] = await paymentOf(id);
    expect(old).toMatchObject({ id: payment.id, state: "failed", decision_note: "Quote expired" });
    expect(fresh).toMatchObject({ state: "pending" });
    expect(fresh.payment_code).not.toBe(payment.payment_code);
  });

  it("refuses another applicant's application (404) and one not submitted yet (the page's own refusal), starting nothing", async () => {
    const { id } = await started();
    const res = await other.form(`/payment/${id}/bank-transfer`, {});
    expect(res.status).toBe(404);
    expect(await paymentOf(id)).toHaveLength(1);
  });
});

describe("uploading the proof", () => {
  it("takes a real jpg, png or pdf, waits for staff, asks the office inbox, and replaces an earlier proof", async () => {
    const { id, payment } = await started();
    let previous: string[] = [];
    for (const [bytes, name, mime] of [
      [JPEG, "receipt.jpg", "image/jpeg"],
      [PNG, "screenshot.png", "image/png"],
      [PDF, "statement.pdf", "application/pdf"],
    ] as const) {
      const res = await postProof(owner, id, bytes, name).expect(303);
      expect(res.headers.location).toBe(`/payment/${id}`);
      const [row] = await paymentOf(id);
      expect(row).toMatchObject({ id: payment.id, state: "awaiting_confirmation", proof_mime: mime, proof_name: name, proof_size: bytes.length });
      // One file per transfer: the one before is gone.
      const files = stored().filter((f) => f.startsWith(row.user_id));
      expect(files).toEqual([row.proof_path]);
      expect(files).not.toEqual(previous);
      previous = files;
      expect(readFileSync(path.join(t.config.uploadDir, row.proof_path))).toEqual(bytes);
    }
    const page = await owner.get(`/payment/${id}`).expect(200);
    expect(page.text).toContain("Waiting for our confirmation — usually within one working day");
    expect(page.text).toContain("statement.pdf");
    const inbox = await mails("transfer_to_confirm").where({ application_id: id });
    expect(inbox).toHaveLength(3);
    expect(inbox[0]).toMatchObject({ to_address: t.config.mail.staffInbox, subject: expect.stringContaining("Bank transfer to confirm") });
    expect(inbox[0].data).toMatchObject({ amount: QUOTE, paymentCode: payment.payment_code, paymentId: payment.id });
    const trail = await audits("transfer_proof_uploaded").where({ subject_id: id }).orderBy("id");
    expect(trail.map((a) => a.details.replaced)).toEqual([false, true, true]);
  });

  it("is downloadable by its owner and staff only (another applicant: 404); staff's download is in the trail", async () => {
    const { id, payment } = await awaiting();
    const url = `/files/payments/${payment.id}/proof`;
    const mine = await owner.get(url).expect(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.body).toEqual(PNG);
    await other.get(url).expect(404);
    await staff.get(url).expect(200);
    expect(await audits("document_downloaded").where({ subject_id: id })).toHaveLength(1);
  });

  const refusals: [string, Buffer, string, number, RegExp][] = [
    [
      "a program renamed .png",
      Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(200)]),
      "proof.png",
      415,
      /contents do not match/,
    ],
    ["a text file named .pdf", Buffer.from("I paid, honestly.\n"), "proof.pdf", 415, /contents do not match/],
    ["an .exe", Buffer.from("MZ\x90\x00"), "proof.exe", 415, /This file type is not accepted/],
    ["10 MB and one byte", Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]), "big.png", 413, /less than 10MB/],
  ];
  for (const [what, bytes, name, status, message] of refusals) {
    it(`refuses ${what} (${status}) with the message on the page, storing and changing nothing`, async () => {
      const { id, payment } = await started();
      const before = { files: filesUnder(t.config.uploadDir), mails: (await mails("transfer_to_confirm")).length };
      const res = await postProof(owner, id, bytes, name).expect(status);
      expect(res.text).toMatch(message);
      expect(res.text).toContain("Pay by bank transfer");
      expect(filesUnder(t.config.uploadDir)).toEqual(before.files);
      expect((await paymentOf(id))[0]).toEqual(payment);
      expect((await mails("transfer_to_confirm")).length).toBe(before.mails);
    });
  }

  it("refuses a proof posted without the security token (403), to another applicant's application (404), or before a transfer was started (409)", async () => {
    const { id, payment } = await started();
    const fresh = await submittedApplication(owner);
    const before = filesUnder(t.config.uploadDir);
    const forged = await postProof(owner, id, PNG, "receipt.png", "").expect(403);
    expect(forged.text).toContain("Your security token is missing or has expired");
    await postProof(other, id, PNG, "receipt.png").expect(404);
    const early = await postProof(owner, fresh, PNG, "receipt.png").expect(409);
    expect(early.text).toContain("Choose “Pay by bank transfer” first");
    expect(filesUnder(t.config.uploadDir)).toEqual(before);
    expect((await paymentOf(id))[0]).toEqual(payment);
  });

  it("takes a token from the URL only on a multipart upload: an ordinary form post with it there is refused (403)", async () => {
    const id = await submittedApplication(owner);
    const res = await owner.agent
      .post(`/payment/${id}/bank-transfer?_csrf=${encodeURIComponent(owner.token)}`)
      .type("form")
      .send({})
      .expect(403);
    expect(res.text).toContain("Your security token is missing or has expired");
    expect(await paymentOf(id)).toHaveLength(0);
  });
});

describe("while the proof waits for staff", () => {
  /** The page's HTML from `start` to the next `end`: the details page's Payment card, one application's dashboard card. */
  const section = (html: string, start: string, end: string) => {
    const from = html.indexOf(start);
    expect(from).toBeGreaterThan(-1);
    return html.slice(from, html.indexOf(end, from + start.length));
  };

  it("the application's page and the dashboard say the transfer is being checked, with its amount and date, not 'Payment pending'", async () => {
    const { id, payment } = await started();
    // Before the proof the fee is still to be paid.
    let details = (await owner.get(`/application/${id}`).expect(200)).text;
    expect(section(details, ">Payment</h2>", "</dl>")).toContain("Payment pending");
    await postProof(owner, id, PNG, "receipt.png").expect(303);
    const [waiting] = await paymentOf(id);
    expect(waiting).toMatchObject({ id: payment.id, state: "awaiting_confirmation" });
    const when = formatDateTime(new Date(waiting.proof_uploaded_at).toISOString());

    details = (await owner.get(`/application/${id}`).expect(200)).text;
    const card = section(details, ">Payment</h2>", "</dl>");
    expect(card).toContain("Transfer received — we are checking it");
    expect(card).not.toContain("Payment pending");
    expect(card).toContain(QUOTE);
    expect(card).toContain("Proof received");
    expect(card).toContain(when);

    const dashboard = (await owner.get("/dashboard").expect(200)).text;
    const reference = (await t.db("visa_applications").where({ id }).first()).reference_number;
    const item = section(dashboard, `aria-label="${reference} `, "</li>");
    expect(item).toContain("Transfer received — we are checking it");
    expect(item).not.toContain("Payment pending");
    expect(item).toContain(`${QUOTE} by bank transfer, proof received ${when}`);
    // Its next step is the transfer, not paying again.
    expect(item).toContain("See your transfer");
    expect(item).not.toContain("Pay the fee");
  });
});

describe("staff decide", () => {
  it("the payment's page shows the proof, the quote and the code with Confirm and Reject", async () => {
    const { payment } = await awaiting();
    const res = await staff.getJson(`/admin/payments/${payment.id}`).expect(200);
    expect(res.body.props.payment).toMatchObject({
      state: "awaiting_confirmation",
      paymentCode: payment.payment_code,
      amountText: QUOTE,
      quoteText: `${QUOTE} — $150 at ₦1,550/$, rate of ${res.body.props.payment.quoteText.split("rate of ")[1]}`,
      proof: { name: "receipt.png", url: `/files/payments/${payment.id}/proof` },
    });
    const html = await staff.get(`/admin/payments/${payment.id}`).expect(200);
    expect(html.text).toContain("Bank transfer to confirm");
    expect(html.text).toContain('name="received"');
    expect(html.text).toContain('name="reason"');
  });

  it("Confirm with the quote (or more) pays the application, records who and how much, sends the receipt, audits", async () => {
    const { id, payment, shown } = await awaiting();
    const res = await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,600", proofUploadedAt: shown }).expect(303);
    expect(res.headers.location).toBe(`/admin/payments/${payment.id}`);
    const app = await t.db("visa_applications").where({ id }).first();
    expect(app).toMatchObject({ payment_status: "paid", amount_paid: 150, payment_reference: payment.reference });
    const [row] = await paymentOf(id);
    expect(row).toMatchObject({ state: "paid", amount_minor: 23_250_000, received_minor: 23_260_000, decided_by: staffId });
    expect(row.decided_at).not.toBeNull();
    expect(row.receipt_code).toMatch(/^[A-Z2-9]{10}$/);
    const [receipt] = await mails("payment_received").where({ application_id: id });
    expect(receipt.data).toMatchObject({ amount: QUOTE, receiptCode: row.receipt_code });
    const [audit] = await audits("transfer_confirmed").where({ subject_id: id });
    expect(audit).toMatchObject({ actor_id: staffId });
    expect(audit.details).toMatchObject({ payment: payment.id, received: 23_260_000, result: "paid" });
    expect(await audits("payment_recorded").where({ subject_id: id })).toHaveLength(1);

    // The same form again (a double click, a second tab): 409, nothing changes.
    const twice = await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,500", proofUploadedAt: shown }).expect(409);
    expect(twice.text).toContain("no longer awaiting confirmation");
    expect((await paymentOf(id))[0]).toEqual(row);
    expect(await mails("payment_received").where({ application_id: id })).toHaveLength(1);
    expect(await audits("transfer_confirmed").where({ subject_id: id })).toHaveLength(1);
  });

  it("refuses less than the quote with a clear message, changing nothing", async () => {
    const { id, payment, shown } = await awaiting();
    const res = await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "200000", proofUploadedAt: shown }).expect(400);
    expect(res.text).toContain("₦200,000 is less than the ₦232,500 quoted: ask the applicant for the balance, or reject the transfer.");
    expect((await paymentOf(id))[0]).toEqual(payment);
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
    for (const received of ["", "lots", "-5"]) {
      await staff.form(`/admin/payments/${payment.id}/confirm`, { received, proofUploadedAt: shown }).expect(400);
    }
    expect((await paymentOf(id))[0]).toEqual(payment);
    expect(await audits("transfer_confirmed").where({ subject_id: id })).toHaveLength(0);
  });

  it("refuses a form opened before the applicant replaced the proof (409), changing nothing", async () => {
    const { id, payment, shown } = await awaiting();
    await postProof(owner, id, PDF, "better.pdf").expect(303);
    const [replaced] = await paymentOf(id);
    const res = await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,500", proofUploadedAt: shown }).expect(409);
    expect(res.text).toContain("The applicant uploaded a new proof since this page was opened.");
    await staff.form(`/admin/payments/${payment.id}/reject`, { reason: "Not found", proofUploadedAt: shown }).expect(409);
    expect((await paymentOf(id))[0]).toEqual(replaced);
  });

  it("Reject needs a reason; with one the transfer fails, the applicant is e-mailed the reason and a way to pay again", async () => {
    const { id, payment, shown } = await awaiting();
    const empty = await staff.form(`/admin/payments/${payment.id}/reject`, { reason: "  ", proofUploadedAt: shown }).expect(400);
    expect(empty.text).toContain("Give the reason the applicant will read");
    expect((await paymentOf(id))[0]).toEqual(payment);

    const reason = "No transfer with this code reached our account.";
    await staff.form(`/admin/payments/${payment.id}/reject`, { reason, proofUploadedAt: shown }).expect(303);
    const [row] = await paymentOf(id);
    expect(row).toMatchObject({ state: "failed", decision_note: reason, decided_by: staffId });
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
    const [mail] = await mails("transfer_rejected").where({ application_id: id });
    expect(mail.subject).toContain("was not confirmed");
    expect(mail.data).toMatchObject({ reason, amount: QUOTE, paymentCode: payment.payment_code, applicationId: id });
    const [audit] = await audits("transfer_rejected").where({ subject_id: id });
    expect(audit.details).toMatchObject({ payment: payment.id, reason });
    // The applicant can start again.
    await owner.form(`/payment/${id}/bank-transfer`, {}).expect(303);
    expect((await paymentOf(id))[0].state).toBe("pending");
    await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,500", proofUploadedAt: shown }).expect(409);
  });

  it("money for an application that can no longer be paid is held as needs attention, never paid", async () => {
    const { id, payment, shown } = await awaiting();
    await t.db("visa_applications").where({ id }).update({ status: "rejected" });
    await staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,500", proofUploadedAt: shown }).expect(303);
    const [row] = await paymentOf(id);
    expect(row).toMatchObject({ state: "needs_attention", received_minor: 23_250_000, decided_by: staffId });
    expect((await t.db("visa_applications").where({ id }).first()).payment_status).toBe("pending");
    expect(await mails("payment_received").where({ application_id: id })).toHaveLength(0);
    const page = await staff.getJson(`/admin/payments/${payment.id}`).expect(200);
    expect(page.body.props.payment).toMatchObject({ state: "needs_attention", verifiedText: QUOTE, decidedBy: "Bola Staff" });
    expect(page.body.props.payment.note).toMatch(/can no longer be paid/);
  });

  it("an applicant posting Confirm or Reject gets the admin panel's denial, and nothing changes", async () => {
    const { id, payment, shown } = await awaiting();
    for (const action of ["confirm", "reject"]) {
      const res = await owner
        .form(`/admin/payments/${payment.id}/${action}`, { received: "232,500", reason: "x", proofUploadedAt: shown })
        .expect(303);
      expect(res.headers.location).toBe("/dashboard");
    }
    expect((await paymentOf(id))[0]).toEqual(payment);
  });
});

describe("the applicant and staff at the same moment", () => {
  it("confirming takes the application before the transfer, as the proof and the withdrawal do, so neither waits on the other in a circle", async () => {
    const { id, payment, shown } = await awaiting();
    let confirmed: Promise<number> | undefined;
    await t.db.transaction(async (trx) => {
      // The applicant's side as uploading a proof or withdrawing runs it: the application first.
      await trx("visa_applications").where({ id }).forUpdate().first("id");
      confirmed = staff.form(`/admin/payments/${payment.id}/confirm`, { received: "232,500", proofUploadedAt: shown }).then((r) => r.status);
      // Staff's confirmation now waits for a lock…
      for (let i = 0; ; i++) {
        const { rows } = await t.db.raw(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0) break;
        if (i === 100) throw new Error("the confirmation never waited for the application");
        await new Promise((r) => setTimeout(r, 50));
      }
      // …and holds nothing this side needs next: the transfer is free to lock (a circle of waits would fail here).
      await trx.raw("select id from payments where id = ? for update nowait", [payment.id]);
    });
    expect(await confirmed).toBe(303);
    expect((await paymentOf(id))[0]).toMatchObject({ state: "paid" });
  });
});
