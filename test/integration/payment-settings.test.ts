// The exchange-rate setting (the rate with who set it and when, its history, a new rate or a clear refusal under the
// field), a started payment keeping its quote, the staff banners, and revenue in Naira by month on Analytics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billNow, paymentAt } from "../../server/actions/payments/quote.ts";
import { settlePayment } from "../../server/actions/payments/settlePayment.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { insertPayment } from "../../server/models/payments.ts";
import { RATE_INVALID, RATE_REQUIRED } from "../../server/validation/paymentSettings.ts";
import { type AdminCast, adminCast, insertApp } from "../helpers/admin.ts";
import { createTestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";

let c: AdminCast;
beforeAll(async () => {
  c = await adminCast();
});
afterAll(() => c.t.drop());

const rates = () => c.t.db("exchange_rates").orderBy("id");

describe("/admin/settings/payments", () => {
  it("shows the rate, who set it and when, the history and the currency; a new rate is recorded and audited", async () => {
    const first = visibleText((await c.adm.get("/admin/settings/payments").expect(200)).text);
    expect(first).toMatch(/₦1,550\/\$, set on \d{1,2} \w{3} \d{4}, \d\d:\d\d/);
    expect(first).toContain("Fees are charged in Naira (PAYMENT_CURRENCY)");
    const res = await c.adm.form("/admin/settings/payments", { rate: "1,600.50" }).expect(303);
    expect(res.headers.location).toBe("/admin/settings/payments");
    const props = (await c.adm.getJson("/admin/settings/payments").expect(200)).body;
    expect(props.shared.flash).toMatchObject({ title: "Exchange rate set" });
    expect(props.props.current).toMatch(/^₦1,600\.50\/\$, set by Folake Adeyemi on \d{1,2} \w{3} \d{4}, \d\d:\d\d$/);
    expect(props.props.history.map((h: { rate: string }) => h.rate)).toEqual(["₦1,600.50/$", "₦1,550/$"]);
    expect((await rates()).at(-1)).toMatchObject({ kobo_per_usd: 160_050, set_by: c.admin.id });
    const audit = await c.t.db("audit_events").where({ action: "exchange_rate_set" }).first();
    expect(audit).toMatchObject({ actor_id: c.admin.id, details: { kobo_per_usd: 160_050 } });
  });

  it("refuses an empty, zero, negative, lettered or too long rate with the message under the field, and changes nothing", async () => {
    const before = await rates();
    const audits = (await c.t.db("audit_events").where({ action: "exchange_rate_set" })).length;
    for (const [rate, message] of [
      ["", RATE_REQUIRED],
      ["0", RATE_INVALID],
      ["-1550", RATE_INVALID],
      ["abc", RATE_INVALID],
      ["12345678", RATE_INVALID],
    ]) {
      const res = await c.adm.form("/admin/settings/payments", { rate }).expect(400);
      const field = /<input[^>]*name="rate"[^>]*>/.exec(res.text)?.[0] ?? "";
      expect(field, rate).toContain('aria-invalid="true"');
      const errorId = /aria-describedby="[^"]*?([^" ]+-error)"/.exec(field)?.[1];
      expect(res.text, rate).toContain(`<p id="${errorId}" class="text-sm text-red-700">${message}</p>`);
      expect(field, rate).toContain(`value="${rate}"`);
    }
    expect(await rates()).toEqual(before);
    expect(await c.t.db("audit_events").where({ action: "exchange_rate_set" })).toHaveLength(audits);
  });

  it("is for staff only: an applicant's post changes nothing", async () => {
    const before = await rates();
    const res = await c.app.form("/admin/settings/payments", { rate: "9" }).expect(303);
    expect(res.headers.location).toBe("/dashboard");
    expect(await rates()).toEqual(before);
  });

  it("leaves a payment already started at its quote: its amount does not move, and it settles at that amount", async () => {
    const owner = await signedIn(c.t.app, await makeUser(c.t.db));
    const id = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await attachPassportFiles(owner, id);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
    const row = await c.t.db("visa_applications").where({ id }).first();
    const quoted = await billNow(c.t.db, c.t.config, row);
    if (!quoted.ok) throw new Error(quoted.message);
    const started = await insertPayment(c.t.db, paymentAt(row, "bank_transfer", quoted, `HG-HOLD-${Date.now()}`));
    await c.adm.form("/admin/settings/payments", { rate: "2000" }).expect(303);
    const after = await c.t.db("payments").where({ id: started.id }).first();
    expect(after).toMatchObject({ amount_minor: started.amount_minor, rate_kobo_per_usd: started.rate_kobo_per_usd });
    // The payment page quotes the new rate for a new attempt, and names the one in progress at its own.
    const page = (await owner.getJson(`/payment/${id}`).expect(200)).body.props;
    expect(page.quote.amountMinor).toBe(15_000 * 2000);
    expect(page.attempts[0].amountText).toBe(`₦${((started.amount_minor as number) / 100).toLocaleString("en-GB")}`);
    const ctx = { db: c.t.db, config: c.t.config, logger: createLogger("silent"), outbox: createOutbox(c.t.config.mail) };
    const settled = await settlePayment(ctx, { userId: c.admin.id, via: "web" }, started.id, { amountMinor: started.amount_minor, currency: "NGN" });
    expect(settled.result).toBe("paid");
  });
});

describe("staff banners", () => {
  it("asks staff to set a rate on every admin page while none was ever set (Naira charged)", async () => {
    const t = await createTestApp();
    try {
      await t.db("exchange_rates").del();
      const adm = await signedIn(t.app, await makeUser(t.db, { admin: true }));
      for (const path of ["/admin", "/admin/analytics", "/admin/settings/payments"]) {
        const html = (await adm.get(path).expect(200)).text;
        expect(html, path).toMatch(
          /<div role="status"[^>]*>.*?<a [^>]*href="\/admin\/settings\/payments"[^>]*>Set the exchange rate: applicants cannot pay until you do<\/a>/s,
        );
      }
      await adm.form("/admin/settings/payments", { rate: "1550" }).expect(303);
      expect((await adm.get("/admin").expect(200)).text).not.toContain("Set the exchange rate");
      expect((await adm.get("/admin").expect(200)).text).not.toContain("Payments are simulated");
    } finally {
      await t.drop();
    }
  });

  it("tells staff when a production site takes only the demo card", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://horizongate.example" });
    try {
      const adm = await signedIn(prod.app, await makeUser(prod.db, { admin: true }));
      const html = (await adm.get("/admin/analytics").expect(200)).text;
      expect(html).toMatch(/<div role="status"[^>]*>.*?<strong>Payments are simulated<\/strong>: .*?PAYMENT_PROVIDERS/s);
      expect((await adm.getJson("/admin").expect(200)).body.shared.staffNotices).toEqual({ paymentsSimulated: true, exchangeRateMissing: false });
      expect((await c.adm.getJson("/admin").expect(200)).body.shared.staffNotices).toEqual({ paymentsSimulated: false, exchangeRateMissing: false });
    } finally {
      await prod.drop();
    }
  });
});

describe("revenue in Naira by month", () => {
  it("sums paid Naira by the Lagos month of payment, less refunds, for the last 12 months", async () => {
    const t = await createTestApp();
    try {
      const adm = await signedIn(t.app, await makeUser(t.db, { admin: true }));
      const user = await makeUser(t.db);
      const lagosNow = new Date(Date.now() + 3_600_000);
      const [y, m] = [lagosNow.getUTCFullYear(), lagosNow.getUTCMonth()];
      const month = (offset: number) => {
        const d = new Date(Date.UTC(y, m - offset, 1));
        return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
      };
      let n = 0;
      const pay = async (fields: Record<string, unknown>) => {
        const app = await insertApp(t.db, user.id, { status: "submitted" });
        n += 1;
        await t.db("payments").insert({
          application_id: app.id,
          user_id: user.id,
          provider: "demo",
          currency: "NGN",
          amount_minor: 23_250_000,
          fee_usd_cents: 15_000,
          quote_expires_at: new Date(),
          reference: `PAY-REV-${n}`,
          state: "paid",
          receipt_code: `REVCODE${String(n).padStart(3, "0")}`,
          ...fields,
        });
      };
      // This month: one payment, and one made at 23:30 UTC on the last day of last month (00:30 in Lagos: this month).
      await pay({ paid_at: new Date(Date.UTC(y, m, 2, 12)) });
      await pay({ paid_at: new Date(Date.UTC(y, m, 1) - 30 * 60_000) });
      // Last month: one paid, one refunded in part.
      await pay({ paid_at: new Date(Date.UTC(y, m - 1, 10, 12)) });
      await pay({ paid_at: new Date(Date.UTC(y, m - 1, 11, 12)), state: "refunded", refund_minor: 5_000_000, refunded_at: new Date() });
      // In its own chart, never converted: dollars. Not counted: a payment not made, and one older than 12 months.
      await pay({ paid_at: new Date(Date.UTC(y, m, 3, 12)), currency: "USD", amount_minor: 15_000 });
      await pay({ state: "pending", receipt_code: null });
      await pay({ paid_at: new Date(Date.UTC(y, m - 12, 15, 12)) });

      const { props } = (await adm.getJson("/admin/analytics").expect(200)).body;
      type Month = { month: string; payments: number; received: string; revenue: string };
      const months = (currency: string) => props.revenue.find((c: { currency: string }) => c.currency === currency).months as Month[];
      const naira = months("NGN");
      expect(naira).toHaveLength(12);
      expect(naira[11]).toMatchObject({ month: month(0), payments: 2, received: "₦465,000", refunded: "₦0", revenue: "₦465,000" });
      expect(naira[10]).toMatchObject({ month: month(1), payments: 2, received: "₦465,000", refunded: "₦50,000", revenue: "₦415,000" });
      expect(naira.slice(0, 10).every((r) => r.revenue === "₦0")).toBe(true);
      expect(naira[0].month).toBe(month(11));
      expect(months("USD")[11]).toMatchObject({ month: month(0), payments: 1, received: "$150.00", revenue: "$150.00" });
      expect(props.revenue.map((c: { currency: string }) => c.currency)).toEqual(["NGN", "USD"]);
      // The SPEC's dollar totals are still there, beside it.
      expect(props).toHaveProperty("totalRevenue");
      const html = (await adm.get("/admin/analytics").expect(200)).text;
      expect(html).toContain("<caption");
      expect(html).toMatch(/<th scope="col"[^>]*>Revenue<\/th>/);
      expect(html).toMatch(/<th scope="row"[^>]*>\w+ \d{4}<\/th>/);
    } finally {
      await t.drop();
    }
  });
});
