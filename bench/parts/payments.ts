// Part 8: Paystack webhooks — 1,000 signed charge.success events for 500 pending payments (each sent twice, shuffled,
// 10 at a time) to a server whose own job worker verifies them with the local Paystack-compatible server. The
// webhook's answer time, and that exactly 500 payments end paid with 500 receipts.
import { createHmac } from "node:crypto";
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { createPaystackClient } from "../../server/payments/paystack.ts";
import { startLocalPaystack } from "../../test/paystack/server.ts";
import { ms, percentile, type Section, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const PAYMENTS = 500;
const CONCURRENCY = 10;

async function seed(db: Knex, count: number): Promise<{ applicationId: string; reference: string }[]> {
  const [owner] = await db("users")
    .insert({ email: "pay-bench-owner@example.com", full_name: "Pay Bench Owner", password_hash: await hashPassword("bench-password") })
    .returning("id");
  const { rows } = await db.raw(
    `WITH apps AS (
       INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, destination_country, submitted_at)
       SELECT ?, 'VA-PAYBENCH-' || g, 'tourist', 'submitted', 8, 'Pay Bench ' || g, 'Canada', now() FROM generate_series(1, ?::int) g
       RETURNING id, user_id)
     INSERT INTO payments (application_id, user_id, provider, currency, amount_minor, fee_usd_cents, rate_kobo_per_usd, quote_expires_at, reference)
     SELECT id, user_id, 'paystack', 'NGN', 15000 * 1550, 15000, 155000, now() + interval '1 day', 'HG-BENCH-' || md5(id::text) FROM apps
     RETURNING application_id, reference`,
    [owner.id, count],
  );
  return rows.map((r: { application_id: string; reference: string }) => ({ applicationId: r.application_id, reference: r.reference }));
}

export async function paystackWebhooks(databaseUrl: string, db: Knex, log: (m: string) => void = console.log): Promise<Section> {
  const paystack = await startLocalPaystack();
  paystack.options.dropWebhook = true;
  const client = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: paystack.url });
  const seeded = await seed(db, PAYMENTS);
  // Paystack knows each reference and has it paid (no webhook yet: the bench sends them).
  for (const s of seeded) {
    await client.initialize({
      email: "pay-bench-owner@example.com",
      amountMinor: 15000 * 1550,
      currency: "NGN",
      reference: s.reference,
      callbackUrl: "http://127.0.0.1/x",
    });
    await paystack.pay(s.reference);
  }
  const events = [...seeded, ...seeded].map((s) => s.reference);
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [events[i], events[j]] = [events[j], events[i]];
  }
  const server = await startBenchServer(databaseUrl, {
    PAYMENT_PROVIDERS: "paystack",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
  });
  const latencies: number[] = [];
  const failures: string[] = [];
  try {
    log("payments: 1,000 signed webhooks");
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < events.length) {
          const reference = events[next++];
          const body = JSON.stringify({
            event: "charge.success",
            data: { id: 1, reference, amount: 15000 * 1550, currency: "NGN", status: "success" },
          });
          const signature = createHmac("sha512", paystack.secretKey).update(body).digest("hex");
          const res = await send(server.url, {
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
    const paidCount = async () =>
      Number((await db("payments").where({ state: "paid" }).where("reference", "like", "HG-BENCH-%").count({ n: "*" }))[0].n);
    while ((await paidCount()) < PAYMENTS && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 200));
    const settledMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2000));
    const paid = await paidCount();
    const receipts = Number(
      (
        await db("email_messages")
          .where({ kind: "payment_received" })
          .whereIn(
            "application_id",
            seeded.map((s) => s.applicationId),
          )
          .count({ n: "*" })
      )[0].n,
    );
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    return {
      title: "8. Paystack webhooks: 1,000 signed events for 500 payments (half duplicates)",
      rows: [
        { figure: "webhook answer p50 / p95", value: `${ms(percentile(latencies, 50))} / ${ms(p95)}`, goal: "p95 ≤ 100 ms", met: p95 <= 100 },
        { figure: "refused webhooks", value: String(failures.length), goal: "0", met: failures.length === 0 },
        { figure: "payments paid", value: String(paid), goal: `exactly ${PAYMENTS}`, met: paid === PAYMENTS },
        { figure: "receipts queued", value: String(receipts), goal: `exactly ${PAYMENTS}`, met: receipts === PAYMENTS },
        {
          figure: "all verified and paid (from the first event)",
          value: `${(settledMs / 1000).toFixed(1)} s`,
          goal: "≤ 60 s",
          met: settledMs <= 60_000,
        },
      ],
      notes: [...new Set(failures)].slice(0, 3).map((f) => `a refused webhook: ${f}`),
    };
  } finally {
    await server.stop();
    await paystack.stop();
  }
}
