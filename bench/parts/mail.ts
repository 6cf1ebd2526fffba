// Part 6: 1,000 staff status changes queue 1,000 e-mails; time until the local SMTP server has them all, and the
// status change's p95 with the queue on (its worker delivering in the same process) vs off.
import type { Knex } from "knex";
import { SMTPServer } from "smtp-server";
import { hashPassword } from "../../server/auth/passwords.ts";
import type { RunningServer } from "../../test/helpers/server.ts";
import { ms, percentile, type Section, signIn, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const CHANGES = 1000;
const CONCURRENCY = 10;

async function seed(db: Knex): Promise<string[]> {
  const hash = await hashPassword("bench-password");
  const [admin] = await db("users")
    .insert({ email: "mail-bench-admin@example.com", full_name: "Mail Bench Admin", password_hash: hash })
    .returning("id");
  await db("user_roles").insert({ user_id: admin.id, role: "admin" });
  const [owner] = await db("users")
    .insert({ email: "mail-bench-owner@example.com", full_name: "Mail Bench Owner", password_hash: hash })
    .returning("id");
  const { rows } = await db.raw(
    `INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, destination_country, submitted_at)
     SELECT ?, 'VA-MAILBENCH-' || g, 'tourist', 'submitted', 8, 'Mail Bench ' || g, 'Canada', now() FROM generate_series(1, ?::int) g
     RETURNING id`,
    [owner.id, CHANGES],
  );
  return rows.map((r: { id: string }) => r.id);
}

/** Changes the status of every application, CONCURRENCY at a time; the latency of each change (failures counted). */
async function changeAll(server: RunningServer, ids: string[], status: string, failures: string[]): Promise<number[]> {
  const s = await signIn(server.url, "mail-bench-admin@example.com", "bench-password");
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const started = performance.now();
        const res = await send(server.url, {
          method: "PATCH",
          path: `/api/admin/applications/${id}/status`,
          headers: { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ status, note: "Checked by the bench" }),
        }).catch((err: Error) => ({ status: 0, ms: performance.now() - started, body: err.message }));
        if (res.status !== 200) failures.push(`${res.status}: ${res.body.slice(0, 120)}`);
        latencies.push(res.ms);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

export async function mailDelivery(databaseUrl: string, db: Knex, log: (m: string) => void = console.log): Promise<Section> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  const ids = await seed(db);
  const offFailures: string[] = [];
  const onFailures: string[] = [];
  const off = await startBenchServer(databaseUrl, { MAIL_QUEUE: "false", MAIL_WORKER: "false", RATE_LIMIT_DISABLED: "true" });
  let offLatencies: number[];
  try {
    log("mail: status changes with the queue off");
    offLatencies = await changeAll(off, ids, "under_review", offFailures);
  } finally {
    await off.stop();
  }
  const on = await startBenchServer(databaseUrl, { SMTP_URL: smtpUrl, RATE_LIMIT_DISABLED: "true" });
  let onLatencies: number[];
  const started = performance.now();
  let allSentMs = 0;
  try {
    log("mail: status changes with the queue on");
    onLatencies = await changeAll(on, ids, "approved", onFailures);
    const clicksMs = performance.now() - started;
    while (received < CHANGES - onFailures.length && performance.now() - started < 300_000) await new Promise((r) => setTimeout(r, 100));
    allSentMs = performance.now() - started;
    const sent = await db("email_messages").where({ kind: "status_changed", status: "sent" }).count({ n: "*" }).first();
    return {
      title: `6. Mail: ${CHANGES} status changes (${CONCURRENCY} at a time) → ${CHANGES} e-mails to a local SMTP server`,
      rows: [
        {
          figure: "status change p50 / p95, queue off",
          value: `${ms(percentile(offLatencies, 50))} / ${ms(percentile(offLatencies, 95))}`,
          goal: "—",
          met: null,
        },
        {
          figure: "status change p50 / p95, queue on (worker delivering)",
          value: `${ms(percentile(onLatencies, 50))} / ${ms(percentile(onLatencies, 95))}`,
          goal: `p95 ≤ 1.5 × off (${ms(1.5 * percentile(offLatencies, 95))})`,
          met: percentile(onLatencies, 95) <= 1.5 * percentile(offLatencies, 95),
        },
        { figure: "all changes answered", value: `${(clicksMs / 1000).toFixed(1)} s`, goal: "—", met: null },
        {
          figure: "failed status changes, queue off / on",
          value: `${offFailures.length} / ${onFailures.length}`,
          goal: "0",
          met: offFailures.length + onFailures.length === 0,
        },
        {
          figure: `all ${CHANGES} e-mails received (from the first change)`,
          value: `${(allSentMs / 1000).toFixed(1)} s (${received} received, ${Number(sent?.n ?? 0)} recorded sent)`,
          goal: "all delivered ≤ 60 s",
          met: received >= CHANGES - onFailures.length && allSentMs <= 60_000,
        },
      ],
      notes: [...new Set([...offFailures, ...onFailures])].slice(0, 3).map((f) => `a failed change: ${f}`),
    };
  } finally {
    await on.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}
