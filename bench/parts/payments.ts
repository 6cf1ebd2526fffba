// Part 8: Paystack webhooks on split bills — 1,000 applicants, each bill split into two instalments, pay the first,
// then the second. Every charge.success is sent twice, shuffled, 10 at a time, and the first round's events arrive
// again during the second (late and out of order), to a server whose own job worker verifies each with the local
// Paystack-compatible server. The webhook's answer time, and that exactly 2,000 instalments end paid by 2,000
// payments with 2,000 receipts, none twice and none held for staff.
//
// The attempts are opened with the site's own code (what is owed now, the payment row for it) but not through the
// payment page: that page's rules are the integration tests'; this measures settlement under repeated events.
import { createHmac } from "node:crypto";
import type { Knex } from "knex";
import { amountOwed, billNow, paymentAt } from "../../server/actions/payments/quote.ts";
import { hashPassword } from "../../server/auth/passwords.ts";
import { loadConfig } from "../../server/config.ts";
import type { ApplicationRow } from "../../server/models/applications.ts";
import { insertPayment } from "../../server/models/payments.ts";
import { createPaystackClient } from "../../server/payments/paystack.ts";
import { type LocalPaystack, startLocalPaystack } from "../../test/paystack/server.ts";
import { BENCH_SESSION_SECRET, ms, percentile, type Section, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const APPLICANTS = 1_000;
const CONCURRENCY = 10;
/** Each instalment: ₦116,250 (half of a ₦232,500 service fee), in kobo. */
const HALF_MINOR = 11_625_000;
const EMAIL = "pay-bench-owner@example.com";

/** 1,000 submitted applications of one applicant, each bill split in two equal instalments. */
async function seed(db: Knex): Promise<ApplicationRow[]> {
  const [owner] = await db("users")
    .insert({ email: EMAIL, full_name: "Pay Bench Owner", password_hash: await hashPassword("bench-password") })
    .returning("id");
  const apps: ApplicationRow[] = (
    await db.raw(
      `INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, destination_country, submitted_at)
       SELECT ?, 'VA-PAYBENCH-' || g, 'tourist', 'submitted', 8, 'Pay Bench ' || g, 'Canada', now() FROM generate_series(1, ?::int) g
       RETURNING *`,
      [owner.id, APPLICANTS],
    )
  ).rows;
  const ids = apps.map((a) => a.id);
  await db.raw(
    `INSERT INTO bill_splits (application_id, currency, service_minor, fee_usd_cents, rate_kobo_per_usd, rate_set_at, split_at)
     SELECT id, 'NGN', ?, 15000, 155000, now(), now() FROM unnest(?::uuid[]) id`,
    [2 * HALF_MINOR, ids],
  );
  await db.raw(
    `INSERT INTO bill_instalments (application_id, position, amount_minor, due_on)
     SELECT id, p, ?, current_date + (p * 14) FROM unnest(?::uuid[]) id, generate_series(1, 2) p`,
    [HALF_MINOR, ids],
  );
  return apps;
}

/** Opens each application's payment of what it owes now (its next instalment), known to Paystack and paid there. */
async function openRound(db: Knex, paystack: LocalPaystack, apps: ApplicationRow[], round: number): Promise<string[]> {
  const config = loadConfig({ SESSION_SECRET: BENCH_SESSION_SECRET }, () => {});
  const client = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: paystack.url });
  const references: string[] = [];
  for (const [i, app] of apps.entries()) {
    const owed = await billNow(db, config, app);
    if (!owed.ok) throw new Error(`no bill for ${app.reference_number}: ${owed.message}`);
    const reference = `HG-BENCH-${round}-${i}`;
    await insertPayment(db, paymentAt(app, "paystack", owed, reference));
    await client.initialize({ email: EMAIL, amountMinor: amountOwed(owed), currency: "NGN", reference, callbackUrl: "http://127.0.0.1/x" });
    await paystack.pay(reference);
    references.push(reference);
  }
  return references;
}

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Sends signed charge.success events, CONCURRENCY at a time: each answer's time, and the refusals. */
async function deliver(url: string, secretKey: string, references: string[], latencies: number[], failures: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < references.length) {
        const reference = references[next++];
        const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference, amount: HALF_MINOR, currency: "NGN", status: "success" } });
        const signature = createHmac("sha512", secretKey).update(body).digest("hex");
        const res = await send(url, {
          method: "POST",
          path: "/webhooks/paystack",
          headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
          body,
        });
        if (res.status !== 200) failures.push(`${res.status}: ${res.body.slice(0, 100)}`);
        latencies.push(res.ms);
      }
    }),
  );
}

const count = async (query: Knex.QueryBuilder) => Number((await query.count({ n: "*" }))[0].n);

export async function paystackWebhooks(databaseUrl: string, db: Knex, log: (m: string) => void = console.log): Promise<Section> {
  const paystack = await startLocalPaystack();
  paystack.options.dropWebhook = true;
  const apps = await seed(db);
  const ids = apps.map((a) => a.id);
  const server = await startBenchServer(databaseUrl, {
    PAYMENT_PROVIDERS: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
  });
  const latencies: number[] = [];
  const failures: string[] = [];
  const paidIn = (round: number) => count(db("payments").where({ state: "paid" }).where("reference", "like", `HG-BENCH-${round}-%`));
  const settle = async (round: number, started: number) => {
    while ((await paidIn(round)) < APPLICANTS && performance.now() - started < 180_000) await new Promise((r) => setTimeout(r, 200));
    return performance.now() - started;
  };
  try {
    log("payments: first instalments, 2,000 signed webhooks");
    const first = await openRound(db, paystack, apps, 1);
    let started = performance.now();
    await deliver(server.url, paystack.secretKey, shuffled([...first, ...first]), latencies, failures);
    const firstMs = await settle(1, started);

    log("payments: second instalments, 2,000 signed webhooks and 1,000 late ones of the first");
    const second = await openRound(db, paystack, apps, 2);
    started = performance.now();
    await deliver(server.url, paystack.secretKey, shuffled([...second, ...second, ...first]), latencies, failures);
    const secondMs = await settle(2, started);
    // Anything still running (a late duplicate's job) has its chance to do harm before the count.
    await new Promise((r) => setTimeout(r, 3000));

    const paidInstalments = await count(db("bill_instalments").whereIn("application_id", ids).whereNotNull("paid_at"));
    const paidPayments = await count(db("payments").whereIn("application_id", ids).where({ state: "paid" }));
    const held = await count(db("payments").whereIn("application_id", ids).where({ state: "needs_attention" }));
    const receipts = await count(db("email_messages").where({ kind: "payment_received" }).whereIn("application_id", ids));
    const paidBills = await count(db("visa_applications").whereIn("id", ids).where({ payment_status: "paid" }));
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const want = 2 * APPLICANTS;
    return {
      title: "8. Paystack webhooks: 1,000 applicants paying two instalments each, every event twice, the first round's again during the second",
      rows: [
        {
          figure: "webhook answer p50 / p95 (5,000 events)",
          value: `${ms(percentile(latencies, 50))} / ${ms(p95)}`,
          goal: "p95 ≤ 100 ms",
          met: p95 <= 100,
        },
        { figure: "refused webhooks", value: String(failures.length), goal: "0", met: failures.length === 0 },
        { figure: "instalments paid", value: String(paidInstalments), goal: `exactly ${want}`, met: paidInstalments === want },
        {
          figure: "payments paid / held for staff",
          value: `${paidPayments} / ${held}`,
          goal: `exactly ${want} / 0`,
          met: paidPayments === want && held === 0,
        },
        { figure: "receipts queued", value: String(receipts), goal: `exactly ${want}`, met: receipts === want },
        { figure: "bills paid in full", value: String(paidBills), goal: `exactly ${APPLICANTS}`, met: paidBills === APPLICANTS },
        {
          figure: "each round verified and paid (from its first event)",
          value: `${(firstMs / 1000).toFixed(1)} s, ${(secondMs / 1000).toFixed(1)} s`,
          goal: "≤ 60 s each",
          met: firstMs <= 60_000 && secondMs <= 60_000,
        },
      ],
      notes: [...new Set(failures)].slice(0, 3).map((f) => `a refused webhook: ${f}`),
    };
  } finally {
    await server.stop();
    await paystack.stop();
  }
}
