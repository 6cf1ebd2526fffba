// A paid consultation type (₦15,000) through the local Paystack-compatible server: the booking holds its slot while
// it waits for payment and sends nothing; Paystack's verified payment confirms it once (callback and webhook), with
// the e-mails, reminders and lead event of a free booking; a wrong amount confirms nothing; the hold's job releases
// an unpaid booking; a late payment confirms only when the slot is still free; a reference opens only its own booking.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expireHold } from "../../server/actions/consultations/expireHold.ts";
import { recordOutcome } from "../../server/actions/consultations/recordOutcome.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { fromAddress, newClient } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType, readInvite } from "../helpers/consultations.ts";
import { signedIn, type TestUser } from "../helpers/factories.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { Received } from "../helpers/smtp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let staff: TestUser;
let paidType: string;
let freeType: string;
const PRICE = 1_500_000;
let visitors = 0;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp());
  staff = await makeConsultant(t.db);
  paidType = await makeConsultationType(t.db, { name: "Study abroad strategy session", priceKobo: PRICE });
  freeType = await makeConsultationType(t.db);
});
afterAll(async () => {
  await closeApp();
});
beforeEach(() => {
  Object.assign(paystack.options, { dropWebhook: true, dropCallback: false, chargeAmountMinor: undefined, chargeCurrency: undefined });
});

const values = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The staff agenda's entry of the booking (this week's, as staff read it). */
async function agendaEntryOf(id: string) {
  const admin = await signedIn(t.app, staff);
  const { entries } = (await admin.getJson("/admin/agenda?range=week").expect(200)).body.props as { entries: { id: string }[] };
  return entries.find((e) => e.id === id);
}
const mailsTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email));
const linkOf = (m: Received, kind: "reschedule" | "cancel") => new URL(m.links.find((l) => l.includes(`/book/${kind}/`)) ?? "").pathname;
const inviteOf = (m: Received) => readInvite(m.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
const bookingOf = (email: string) => t.db("bookings").where({ email }).first();
const paymentOf = (bookingId: string) => t.db("payments").where({ booking_id: bookingId }).orderBy("created_at", "desc").first();
const jobs = (bookingId: string) => t.db("graphile_worker._private_jobs").where("key", "like", `booking-%:${bookingId}%`).pluck("key");
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error("timed out waiting");
};

/** The free times on the `n`th day the booking page lists for the type (0: the first). */
async function timesOnDay(n: number, type = paidType): Promise<string[]> {
  const client = await newClient(t.app);
  const days = values((await client.get(`/book?type=${type}`).expect(200)).text, /href="([^"]*[?&](?:amp;)?day=[^"]+)"/g);
  return values((await client.get(days[n]).expect(200)).text, /name="slot" value="([^"]+)"/g);
}

const details = (email: string) => ({ name: "Tunde Bakare", email, phone: "08031234567", destination: "Canada", visa_type: "study" });

/** Books the paid type as a visitor's browser does: 303 to Paystack's checkout. Answers the booking and its reference. */
async function bookPaid(email: string, slot: string): Promise<{ id: string; reference: string }> {
  const client = await newClient(t.app);
  // Each visitor from their own network: the per-network booking limit is not what is tested here.
  const res = await fromAddress(`198.51.100.${++visitors}`)(client.form("/book", { ...details(email), type: paidType, slot })).expect(303);
  expect(res.headers.location).toMatch(new RegExp(`^${paystack.url}/checkout/`));
  const booking = await bookingOf(email);
  const payment = await paymentOf(booking.id);
  expect(payment.authorization_url).toBe(res.headers.location);
  return { id: booking.id, reference: payment.reference };
}

/** The visitor comes back from the checkout (as Paystack's callback URL sends them). */
const back = async (id: string, reference: string, status = 200) =>
  (await newClient(t.app)).get(`/book/payment/${id}?trxref=${reference}&reference=${reference}`).expect(status);

/** The hold's clock runs out: its end is now, and its job is due. */
async function holdRunsOut(id: string) {
  await t
    .db("bookings")
    .where({ id })
    .update({ hold_expires_at: t.db.raw("now() - interval '1 second'") });
  await t
    .db("graphile_worker._private_jobs")
    .where({ key: `booking-hold:${id}` })
    .update({ run_at: t.db.fn.now() });
  await until(async () => (await t.db("bookings").where({ id }).first()).status === "cancelled");
}

describe("a paid consultation", () => {
  it("holds the slot while it waits for payment, sends nothing, and is refused to a second visitor", async () => {
    const [slot] = await timesOnDay(0);
    const before = Date.now();
    const { id, reference } = await bookPaid("hold@example.com", slot);
    const booking = await bookingOf("hold@example.com");
    expect(booking).toMatchObject({ status: "awaiting_payment", staff_id: staff.id, user_id: null });
    const holdMs = new Date(booking.hold_expires_at).getTime() - before;
    expect(holdMs).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(holdMs).toBeLessThanOrEqual(30 * 60_000 + 5000);
    expect(await paymentOf(id)).toMatchObject({
      booking_id: id,
      application_id: null,
      user_id: null,
      fee_usd_cents: null,
      provider: "paystack",
      currency: "NGN",
      amount_minor: PRICE,
      state: "pending",
    });
    expect(paystack.transactions().find((x) => x.reference === reference)).toMatchObject({
      amountMinor: PRICE,
      currency: "NGN",
      email: "hold@example.com",
      callbackUrl: `https://site.test/book/payment/${id}`,
    });
    // The slot is held: not offered to anyone, and refused when posted.
    expect(await timesOnDay(0)).not.toContain(slot);
    const other = await newClient(t.app);
    expect((await other.form("/book", { ...details("second@example.com"), type: freeType, slot }).expect(409)).text).toContain(
      "That time has just been taken",
    );
    // Nothing is sent, nothing is scheduled but the hold's end, no lead yet.
    await sleep(800);
    expect(mailsTo("hold@example.com")).toEqual([]);
    expect(mailsTo(staff.email).filter((m) => m.text.includes("Tunde Bakare") && m.text.includes("hold@example.com"))).toEqual([]);
    expect(await jobs(id)).toEqual([`booking-hold:${id}`]);
    expect(await t.db("leads").whereRaw("lower(email) = ?", ["hold@example.com"]).first()).toBeUndefined();
    expect(await agendaEntryOf(id)).toMatchObject({ statusLabel: "Waiting for payment", paymentLabel: "Awaiting payment", canMark: false });
    // Not a meeting yet: it cannot be marked held, even once its time has come.
    const ctx = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    const marked = await recordOutcome(
      ctx,
      {
        userId: staff.id,
        via: "web",
        staff: { id: staff.id, fullName: "Staff", email: staff.email, isAdmin: true, staffRole: "admin", twoFactor: true },
      },
      { bookingId: id, outcome: "attended", note: "", now: new Date(Date.parse(slot) + 60_000) },
    );
    expect(marked).toMatchObject({ ok: false, status: 409 });
    expect((await bookingOf("hold@example.com")).status).toBe("awaiting_payment");
    // The return before paying says it is still waiting, with a way to check again.
    const waiting = await back(id, reference);
    expect(waiting.text).toContain("Waiting for Paystack");
    expect(waiting.text).toContain(`href="/book/payment/${id}?reference=${reference}"`);
  });

  it("is confirmed once by Paystack's verified payment: callback then webhook, one e-mail with the invite, reminders, lead event", async () => {
    const [slot] = await timesOnDay(1);
    const { id, reference } = await bookPaid("paid@example.com", slot);
    await paystack.pay(reference);
    const page = await back(id, reference);
    expect(page.text).toContain("Paid and confirmed");
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ state: "paid", amount_minor: PRICE, currency: "NGN" });
    expect(payment.receipt_code).toMatch(/^[A-Z2-9]{10}$/);
    expect(page.text).toContain(payment.receipt_code);
    expect(page.text).toContain("(Lagos time)");
    expect(await bookingOf("paid@example.com")).toMatchObject({ status: "confirmed", hold_expires_at: null });

    // The webhook arrives too, and the visitor reloads the page: nothing more happens.
    expect(await paystack.sendWebhook(reference)).toBe(200);
    await back(id, reference);
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("paid@example.com"));
    expect(mail.subject).toMatch(/^Consultation booked: Study abroad strategy session, /);
    expect(inviteOf(mail)).toMatchObject({ method: "REQUEST", start: slot });
    const { uid } = await bookingOf("paid@example.com");
    await t.smtp.waitFor((m) => m.to.includes(staff.email) && inviteOf(m).uid === uid);
    await sleep(1200);
    expect(mailsTo("paid@example.com")).toHaveLength(1);
    expect((await t.db("payments").where({ booking_id: id, state: "paid" })).length).toBe(1);
    expect((await jobs(id)).sort()).toEqual([`booking-reminder:${id}:1h`, `booking-reminder:${id}:24h`]);
    const lead = await t.db("leads").whereRaw("lower(email) = ?", ["paid@example.com"]).first();
    expect(lead).toBeDefined();
    expect(await t.db("lead_events").where({ lead_id: lead.id, kind: "booking" })).toHaveLength(1);
    expect(await t.db("audit_events").where({ subject_id: id, action: "payment_recorded" })).toHaveLength(1);
    expect(await agendaEntryOf(id)).toMatchObject({ statusLabel: "Booked", paymentLabel: "Paid" });
  });

  it("holds a wrong amount for staff: needs attention, not confirmed, nothing sent", async () => {
    const [slot] = await timesOnDay(2);
    const { id, reference } = await bookPaid("short@example.com", slot);
    paystack.options.chargeAmountMinor = 100_000;
    await paystack.pay(reference);
    const page = await back(id, reference);
    expect(page.text).toContain("Consultation not confirmed");
    expect(await paymentOf(id)).toMatchObject({ state: "needs_attention", verified_amount_minor: 100000 });
    expect((await bookingOf("short@example.com")).status).toBe("awaiting_payment");
    await sleep(800);
    expect(mailsTo("short@example.com")).toEqual([]);
  });

  it("is released by the hold's job when unpaid: cancelled as unpaid, payment failed, the slot free again", async () => {
    const [slot] = await timesOnDay(3);
    const { id } = await bookPaid("late@example.com", slot);
    await holdRunsOut(id);
    expect(await bookingOf("late@example.com")).toMatchObject({ status: "cancelled", cancel_reason: "unpaid" });
    expect((await paymentOf(id)).state).toBe("failed");
    expect(await timesOnDay(3)).toContain(slot);
    expect(mailsTo("late@example.com")).toEqual([]);
  });

  it("is released on time when Paystack cannot be reached at the hold's end, and a payment taken meanwhile still confirms it", async () => {
    const [slot] = await timesOnDay(9);
    const { id, reference } = await bookPaid("unreachable@example.com", slot);
    await t
      .db("bookings")
      .where({ id })
      .update({ hold_expires_at: t.db.raw("now() - interval '1 second'") });
    // Paystack took the money, then could not be reached when the hold ended (a port nothing answers on).
    await paystack.pay(reference);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const settings = t.config.payments.paystack;
    if (!settings) throw new Error("Paystack is configured in this file");
    const config = { ...t.config, payments: { ...t.config.payments, paystack: { ...settings, apiUrl: deadUrl } } };
    const ctx = { db: t.db, config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    expect(await expireHold(ctx, { bookingId: id })).toMatchObject({ status: "cancelled", cancel_reason: "unpaid" });
    expect(await timesOnDay(9)).toContain(slot);
    // Paystack answers again: the return confirms the booking, its slot still free.
    expect((await back(id, reference)).text).toContain("Paid and confirmed");
    expect(await bookingOf("unreachable@example.com")).toMatchObject({ status: "confirmed" });
  });

  it("is confirmed by a payment after its hold ended when the slot is still free", async () => {
    const [slot] = await timesOnDay(4);
    const { id, reference } = await bookPaid("stillfree@example.com", slot);
    await holdRunsOut(id);
    await paystack.pay(reference);
    expect((await back(id, reference)).text).toContain("Paid and confirmed");
    expect(await bookingOf("stillfree@example.com")).toMatchObject({ status: "confirmed", cancel_reason: null });
    await t.smtp.waitFor((m) => m.to.includes("stillfree@example.com") && m.subject.startsWith("Consultation booked"));
  });

  it("goes to staff for a refund when paid after its hold ended and the slot was taken: never two bookings in one slot", async () => {
    const [slot] = await timesOnDay(5);
    const { id, reference } = await bookPaid("taken@example.com", slot);
    await holdRunsOut(id);
    await (await newClient(t.app)).form("/book", { ...details("quick@example.com"), type: freeType, slot }).expect(200);
    await paystack.pay(reference);
    const page = await back(id, reference);
    expect(page.text).toContain("Consultation not confirmed");
    expect(page.text).toContain("Our team will refund you");
    expect(await paymentOf(id)).toMatchObject({ state: "needs_attention" });
    expect((await paymentOf(id)).decision_note).toContain("taken meanwhile");
    expect(await bookingOf("taken@example.com")).toMatchObject({ status: "cancelled" });
    expect(
      await t
        .db("bookings")
        .where({ starts_at: new Date(slot) })
        .whereNot({ status: "cancelled" }),
    ).toHaveLength(1);
  });

  it("opens a booking's return only with its own reference: another booking's paid reference confirms nothing", async () => {
    const [a, , , b] = await timesOnDay(6);
    const first = await bookPaid("first@example.com", a);
    const second = await bookPaid("secondref@example.com", b);
    await paystack.pay(second.reference);
    await back(first.id, second.reference, 404);
    await back(first.id, "HG-NOT-OURS-1234567890", 404);
    await back("not-a-uuid", second.reference, 404);
    expect((await bookingOf("first@example.com")).status).toBe("awaiting_payment");
    expect((await bookingOf("secondref@example.com")).status).toBe("awaiting_payment");
    expect((await paymentOf(second.id)).state).toBe("pending");
  });

  it("keeps its payment when moved, and is refunded through Paystack when cancelled, saying so in the e-mail", async () => {
    const [slot, , , , later] = await timesOnDay(7);
    const { id, reference } = await bookPaid("refund@example.com", slot);
    await paystack.pay(reference);
    await back(id, reference);
    const [booked] = await t.smtp.waitFor((m) => m.to.includes("refund@example.com") && m.subject.startsWith("Consultation booked"));
    const client = await newClient(t.app);
    await client.form(linkOf(booked, "reschedule"), { slot: later }).expect(200);
    expect(await paymentOf(id)).toMatchObject({ state: "paid" });
    const [moved] = await t.smtp.waitFor((m) => m.to.includes("refund@example.com") && m.subject.startsWith("Consultation moved"));

    // A link of the first e-mail no longer works: nothing is refunded from it.
    await client.form(linkOf(booked, "cancel"), {}).expect(410);
    expect((await paymentOf(id)).state).toBe("paid");
    const done = await client.form(linkOf(moved, "cancel"), {}).expect(200);
    expect(done.text).toContain("Your payment of ₦15,000 is being refunded through Paystack.");
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ state: "refunded", refund_minor: PRICE, refund_reason: "Consultation cancelled", refunded_by: null });
    expect(payment.provider_refund_id).toBeTruthy();
    expect(await bookingOf("refund@example.com")).toMatchObject({ status: "cancelled" });
    const [cancelled] = await t.smtp.waitFor((m) => m.to.includes("refund@example.com") && m.subject.startsWith("Consultation cancelled"));
    expect(cancelled.text).toContain("Your payment of ₦15,000 is being refunded through Paystack");
    expect(inviteOf(cancelled).method).toBe("CANCEL");
  });

  it("keeps a paid booking as it was when Paystack refuses the refund", async () => {
    const [slot] = await timesOnDay(8);
    const { id, reference } = await bookPaid("norefund@example.com", slot);
    await paystack.pay(reference);
    await back(id, reference);
    const [booked] = await t.smtp.waitFor((m) => m.to.includes("norefund@example.com") && m.subject.startsWith("Consultation booked"));
    // Refunded elsewhere already (on Paystack's dashboard): Paystack refuses a second refund.
    const { secretKey, url } = paystack;
    const res = await fetch(`${url}/refund`, {
      method: "POST",
      headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({ transaction: reference, amount: PRICE }),
    });
    expect(res.status).toBe(200);
    const client = await newClient(t.app);
    const refused = await client.form(linkOf(booked, "cancel"), {}).expect(409);
    expect(refused.text).toContain("Paystack refund");
    expect(await paymentOf(id)).toMatchObject({ state: "paid" });
    expect(await bookingOf("norefund@example.com")).toMatchObject({ status: "confirmed" });
    await sleep(600);
    expect(mailsTo("norefund@example.com").filter((m) => m.subject.startsWith("Consultation cancelled"))).toEqual([]);
  });
});
