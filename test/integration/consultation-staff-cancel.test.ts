// Staff cancel a consultation from the agenda with a reason (a plain form post): what the visitor's cancel link does
// (status, METHOD:CANCEL invite, reminders dropped, lead history, audit), a paid one refunded through the local
// Paystack server first; a manager any meeting, a staff member their own; never a started one; CSRF as every form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDay } from "../../server/domain/calendar.ts";
import { type Client, fromAddress, newClient } from "../helpers/app.ts";
import { makeConsultant, makeConsultationType, readInvite, takesConsultations } from "../helpers/consultations.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import type { MailTestApp } from "../helpers/mail.ts";
import { startPaystackApp } from "../helpers/paystackApp.ts";
import type { Received } from "../helpers/smtp.ts";
import type { LocalPaystack } from "../paystack/server.ts";

let t: MailTestApp;
let paystack: LocalPaystack;
let closeApp: () => Promise<void>;
let staff: TestUser;
let manager: Client;
let paidType: string;
let freeType: string;
const PRICE = 1_500_000;
let visitors = 0;

beforeAll(async () => {
  ({ t, paystack, close: closeApp } = await startPaystackApp());
  paystack.options.dropWebhook = true;
  staff = await makeConsultant(t.db, { fullName: "Chioma Okafor" });
  paidType = await makeConsultationType(t.db, { name: "Study abroad strategy session", priceKobo: PRICE });
  freeType = await makeConsultationType(t.db, { name: "Free visa consultation" });
  // Signed in once: a second sign-in would wait for the next two-factor code.
  manager = await signedIn(t.app, staff);
});
afterAll(async () => {
  await closeApp();
});

const values = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));
const details = (email: string) => ({ name: "Tunde Bakare", email, phone: "08031234567", destination: "Canada", visa_type: "study" });
const bookingOf = (id: string) => t.db("bookings").where({ id }).first();
const paymentOf = (bookingId: string) => t.db("payments").where({ booking_id: bookingId }).orderBy("created_at", "desc").first();
const inviteOf = (m: Received) => readInvite(m.attachments.find((a) => a.contentType.startsWith("text/calendar"))?.content ?? "");
const reminders = (id: string) => t.db("graphile_worker._private_jobs").where("key", "like", `booking-reminder:${id}%`).pluck("key");

/** A refund asked of the local Paystack server directly (as on Paystack's dashboard). */
const paystackRefund = (reference: string) =>
  fetch(`${paystack.url}/refund`, {
    method: "POST",
    headers: { authorization: `Bearer ${paystack.secretKey}`, "content-type": "application/json" },
    body: JSON.stringify({ transaction: reference, amount: PRICE }),
  });

/** The first free time on the `n`th day the booking page lists for the type. */
async function timeOnDay(n: number, type: string): Promise<string> {
  const client = await newClient(t.app);
  const days = values((await client.get(`/book?type=${type}`).expect(200)).text, /href="([^"]*[?&](?:amp;)?day=[^"]+)"/g);
  return values((await client.get(days[n]).expect(200)).text, /name="slot" value="([^"]+)"/g)[0];
}

/** A confirmed booking on the `n`th offered day: a free one booked, a paid one paid at the local Paystack server. */
async function booked(n: number, email: string, paid = false): Promise<string> {
  const type = paid ? paidType : freeType;
  const slot = await timeOnDay(n, type);
  const client = fromAddress(`198.51.100.${++visitors}`);
  const res = await client((await newClient(t.app)).form("/book", { ...details(email), type, slot })).expect(paid ? 303 : 200);
  const row = await t.db("bookings").where({ email }).first();
  if (paid) {
    const { reference } = await paymentOf(row.id);
    expect(res.headers.location).toMatch(new RegExp(`^${paystack.url}/checkout/`));
    await paystack.pay(reference);
    await (await newClient(t.app)).get(`/book/payment/${row.id}?trxref=${reference}&reference=${reference}`).expect(200);
  }
  expect(await bookingOf(row.id)).toMatchObject({ status: "confirmed" });
  await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Consultation booked"));
  return row.id;
}

/** The agenda's day of the booking, as `client` reads it (the HTML a browser gets). */
async function agendaHtml(client: Client, id: string): Promise<string> {
  const { starts_at } = await bookingOf(id);
  return (await client.get(`/admin/agenda?range=day&from=${lagosDay(new Date(starts_at))}`).expect(200)).text;
}

/** Everything a cancellation would change about the booking. */
const snapshot = async (id: string) => ({
  booking: await bookingOf(id),
  payment: await paymentOf(id),
  reminders: (await reminders(id)).sort(),
  audits: await t.db("audit_events").where({ subject_id: id, action: "consultation_cancelled" }).count({ n: "*" }).first(),
  leadEvents: await t.db("lead_events").where({ ref_id: id, kind: "booking_cancelled" }).count({ n: "*" }).first(),
});

describe("staff cancel a consultation from the agenda", () => {
  it("cancels a free one with a reason: the visitor's METHOD:CANCEL e-mail, reminders dropped, lead history, audit", async () => {
    const id = await booked(1, "free-cancel@example.com");
    const html = await agendaHtml(manager, id);
    expect(html).toContain(`action="/admin/bookings/${id}/cancel"`);
    expect(html).toContain("Cancel consultation");
    expect(await reminders(id)).toHaveLength(2);
    const { uid, sequence } = await bookingOf(id);

    const res = await manager
      .form(`/admin/bookings/${id}/cancel`, { reason: "The consultant is ill.", back: "/admin/agenda?range=week" })
      .expect(303);
    expect(res.headers.location).toBe("/admin/agenda?range=week");
    expect(await bookingOf(id)).toMatchObject({ status: "cancelled", note: "The consultant is ill.", sequence: sequence + 1 });
    expect(await reminders(id)).toEqual([]);
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("free-cancel@example.com") && m.subject.startsWith("Consultation cancelled"));
    expect(inviteOf(mail)).toMatchObject({ method: "CANCEL", uid, sequence: sequence + 1, status: "CANCELLED" });
    await t.smtp.waitFor(
      (m) => m.to.includes(staff.email) && m.attachments.some((a) => a.content.includes(uid) && a.content.includes("METHOD:CANCEL")),
    );
    expect(await t.db("lead_events").where({ ref_id: id, kind: "booking_cancelled" }).first()).toMatchObject({ actor_id: staff.id });
    expect(await t.db("audit_events").where({ subject_id: id, action: "consultation_cancelled" }).first()).toMatchObject({ actor_id: staff.id });
    expect(await agendaHtml(manager, id)).not.toContain(`/admin/bookings/${id}/cancel`);
  });

  it("refunds a paid one through Paystack first, and says so in the e-mail", async () => {
    const id = await booked(2, "paid-cancel@example.com", true);
    const res = await manager.form(`/admin/bookings/${id}/cancel`, { reason: "Office closed that day." }).expect(303);
    const page = await manager.get(res.headers.location).expect(200);
    expect(page.text).toContain("refunded ₦15,000");
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ state: "refunded", refund_minor: PRICE, refund_reason: "Office closed that day.", refunded_by: staff.id });
    expect(payment.provider_refund_id).toBeTruthy();
    // Paystack has it refunded in full: a second refund there is refused.
    expect((await paystackRefund(payment.reference)).status).toBe(400);
    expect(await bookingOf(id)).toMatchObject({ status: "cancelled" });
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("paid-cancel@example.com") && m.subject.startsWith("Consultation cancelled"));
    expect(mail.text).toContain("Your payment of ₦15,000 is being refunded through Paystack");
    expect(inviteOf(mail).method).toBe("CANCEL");
  });

  it("lets a staff member cancel their own meeting, and answers 403 for another's, changing nothing", async () => {
    const officer = await makeUser(t.db, { officer: true, fullName: "Emeka Eze" });
    const other = await makeUser(t.db, { officer: true, fullName: "Ngozi Bello" });
    const id = await booked(3, "officer-cancel@example.com");
    await takesConsultations(t.db, officer.id);
    await t.db("bookings").where({ id }).update({ staff_id: officer.id });
    const before = await snapshot(id);

    const stranger = await signedIn(t.app, other);
    expect(await agendaHtml(stranger, id)).not.toContain(`/admin/bookings/${id}/cancel`);
    const refused = await stranger.form(`/admin/bookings/${id}/cancel`, { reason: "Not mine to cancel." }).expect(403);
    expect(refused.text).toContain("Only a manager or the staff member whose consultation it is can change it.");
    expect(await snapshot(id)).toEqual(before);

    const own = await signedIn(t.app, officer);
    expect(await agendaHtml(own, id)).toContain(`/admin/bookings/${id}/cancel`);
    await own.form(`/admin/bookings/${id}/cancel`, { reason: "I am ill." }).expect(303);
    expect(await bookingOf(id)).toMatchObject({ status: "cancelled" });
  });

  it("refuses a started, a cancelled and a marked meeting (409), a missing reason (400), no CSRF token (403), an unknown id (404)", async () => {
    const id = await booked(4, "refused-cancel@example.com");
    const before = await snapshot(id);
    const noReason = await manager.form(`/admin/bookings/${id}/cancel`, { reason: "  " }).expect(400);
    expect(noReason.text).toContain("Write why the consultation is cancelled");
    await manager.agent.post(`/admin/bookings/${id}/cancel`).type("form").send({ reason: "No token" }).expect(403);
    expect(await snapshot(id)).toEqual(before);
    await manager.form("/admin/bookings/00000000-0000-4000-8000-000000000000/cancel", { reason: "Gone" }).expect(404);
    await manager.form("/admin/bookings/not-a-uuid/cancel", { reason: "Gone" }).expect(404);

    await t
      .db("bookings")
      .where({ id })
      .update({
        starts_at: t.db.raw("now() - interval '10 minutes'"),
        ends_at: t.db.raw("now() + interval '20 minutes'"),
        blocked_until: t.db.raw("now() + interval '35 minutes'"),
      });
    const started = await snapshot(id);
    const res = await manager.form(`/admin/bookings/${id}/cancel`, { reason: "Too late" }).expect(409);
    expect(res.text).toContain("This consultation has started: mark it held or missed instead of cancelling it.");
    expect(await snapshot(id)).toEqual(started);

    await manager.form(`/admin/bookings/${id}/outcome`, { outcome: "attended", note: "" }).expect(303);
    const marked = await manager.form(`/admin/bookings/${id}/cancel`, { reason: "After the fact" }).expect(409);
    expect(marked.text).toContain("already marked held");

    const freed = await booked(5, "twice-cancel@example.com");
    await manager.form(`/admin/bookings/${freed}/cancel`, { reason: "First" }).expect(303);
    const twice = await manager.form(`/admin/bookings/${freed}/cancel`, { reason: "Second" }).expect(409);
    expect(twice.text).toContain("This consultation was already cancelled.");
  });

  it("changes nothing when Paystack refuses the refund", async () => {
    const id = await booked(6, "norefund-cancel@example.com", true);
    const { reference } = await paymentOf(id);
    // Refunded on Paystack's dashboard already: Paystack refuses a second refund.
    expect((await paystackRefund(reference)).status).toBe(200);
    const before = await snapshot(id);
    const res = await manager.form(`/admin/bookings/${id}/cancel`, { reason: "Ill" }).expect(409);
    expect(res.text).toContain("Paystack refund");
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("a consultation's payment among staff's payments", () => {
  /** A paid booking whose Paystack payment verified a wrong amount: it needs attention and confirms nothing. */
  async function shortPaid(n: number, email: string): Promise<{ id: string; paymentId: string }> {
    const slot = await timeOnDay(n, paidType);
    await fromAddress(`198.51.100.${++visitors}`)((await newClient(t.app)).form("/book", { ...details(email), type: paidType, slot })).expect(303);
    const row = await t.db("bookings").where({ email }).first();
    const payment = await paymentOf(row.id);
    paystack.options.chargeAmountMinor = 100_000;
    try {
      await paystack.pay(payment.reference);
    } finally {
      paystack.options.chargeAmountMinor = undefined;
    }
    await (await newClient(t.app)).get(`/book/payment/${row.id}?trxref=${payment.reference}&reference=${payment.reference}`).expect(200);
    expect(await paymentOf(row.id)).toMatchObject({ state: "needs_attention" });
    return { id: row.id, paymentId: payment.id };
  }

  it("lists it with what was paid for and who booked, findable by its state, with its own page saying how to refund it", async () => {
    const { id, paymentId } = await shortPaid(7, "short-list@example.com");
    const { starts_at, staff_id } = await bookingOf(id);
    const { full_name } = await t.db("users").where({ id: staff_id }).first();
    const when = new Intl.DateTimeFormat("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Africa/Lagos",
    }).format(new Date(starts_at));
    const consultation = `Consultation: Study abroad strategy session with ${full_name}, ${when} (Lagos time)`;

    const { props } = (await manager.getJson("/admin/payments?state=needs_attention").expect(200)).body;
    const entry = props.rows.find((r: { id: string }) => r.id === paymentId);
    expect(entry).toMatchObject({
      applicationId: null,
      consultation,
      applicantName: "Tunde Bakare",
      state: "needs_attention",
      // Held money is listed as what arrived, beside what was quoted.
      amountText: "₦1,000 received (₦15,000 quoted)",
    });
    expect(props.rows.every((r: { state: string }) => r.state === "needs_attention")).toBe(true);
    expect((await manager.getJson("/admin/payments?state=paid").expect(200)).body.props.rows.map((r: { id: string }) => r.id)).not.toContain(
      paymentId,
    );
    const html = (await manager.get("/admin/payments?state=needs_attention").expect(200)).text.replace(/<!-- -->/g, "");
    expect(html).toContain(consultation);
    expect(html).toContain(`href="/admin/payments/${paymentId}"`);

    const page = (await manager.getJson(`/admin/payments/${paymentId}`).expect(200)).body.props.payment;
    expect(page).toMatchObject({
      consultation,
      applicantName: "Tunde Bakare",
      accountEmail: "short-list@example.com",
      applicationStatus: "Waiting for payment",
    });
    expect(page.verifiedText).toBe("₦1,000");
    expect(page.refundHint.text).toContain("Refund it on Paystack's dashboard");
    const pageHtml = (await manager.get(`/admin/payments/${paymentId}`).expect(200)).text.replace(/<!-- -->/g, "");
    expect(pageHtml).toContain("Tunde Bakare&#x27;s consultation");
    expect(pageHtml).not.toContain(`action="/admin/payments/${paymentId}/refund"`);
    // The refund form of an application's fee is not this payment's: it answers 404, and the CSV names the consultation.
    await manager.get(`/admin/payments/${paymentId}/refund`).expect(404);
    await manager.form(`/admin/payments/${paymentId}/refund`, { reason: "Wrong amount" }).expect(404);
    expect(await paymentOf(id)).toMatchObject({ state: "needs_attention", refund_minor: null });
    expect((await manager.get("/admin/payments.csv?state=needs_attention").expect(200)).text).toContain(consultation);
  });

  it("sends staff to the agenda to refund a paid one, and keeps the pages managers' alone", async () => {
    const id = await booked(8, "paid-list@example.com", true);
    const { id: paymentId } = await paymentOf(id);
    const { props } = (await manager.getJson("/admin/payments?state=paid").expect(200)).body;
    expect(props.rows.map((r: { id: string }) => r.id)).toContain(paymentId);
    const { payment } = (await manager.getJson(`/admin/payments/${paymentId}`).expect(200)).body.props;
    expect(payment).toMatchObject({
      applicationStatus: "Booked",
      refundHint: { href: `/admin/agenda?range=day&from=${lagosDay(new Date((await bookingOf(id)).starts_at))}` },
    });
    expect(payment.refundHint.text).toContain("cancel the consultation on the agenda");

    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    for (const url of ["/admin/payments?state=paid", `/admin/payments/${paymentId}`]) {
      const res = await officer.get(url).expect(303);
      expect(res.headers.location).toBe("/admin");
    }
  });
});
