// Part 6: 1,000 staff status changes queue 1,000 e-mails; time until the local SMTP server has them all, and the
// status change's p95 with the queue on (its worker delivering in the same process) vs off: at a staff pace, and
// with the server saturated (10 changes at a time, as fast as it answers).
import type { Knex } from "knex";
import { SMTPServer } from "smtp-server";
import { hashPassword } from "../../server/auth/passwords.ts";
import { UNDO_WINDOW_MS } from "../../server/domain/status.ts";
import type { RunningServer } from "../../test/helpers/server.ts";
import { enrolStaff, ms, percentile, type Section, signIn, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const CHANGES = 1000;
const PACED = 500;
/** Changes a second in the paced phase: a busy office, about a third of what the server answers at saturation. */
const PACE = 25;
const CONCURRENCY = 10;

async function seed(db: Knex, count: number): Promise<string[]> {
  const hash = await hashPassword("bench-password");
  const [admin] = await db("users")
    .insert({ email: "mail-bench-admin@example.com", full_name: "Mail Bench Admin", password_hash: hash })
    .returning("id");
  await enrolStaff(db, { id: admin.id, email: "mail-bench-admin@example.com" });
  const [owner] = await db("users")
    .insert({ email: "mail-bench-owner@example.com", full_name: "Mail Bench Owner", password_hash: hash })
    .returning("id");
  const { rows } = await db.raw(
    `INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, destination_country, submitted_at)
     SELECT ?, 'VA-MAILBENCH-' || g, 'tourist', 'submitted', 8, 'Mail Bench ' || g, 'Canada', now() FROM generate_series(1, ?::int) g
     RETURNING id`,
    [owner.id, count],
  );
  return rows.map((r: { id: string }) => r.id);
}

/**
 * Moves every application from `move.from` to `move.to`, CONCURRENCY at a time; with `perSecond`, change i starts no earlier
 * than i / perSecond seconds in. The latency of each change (failures counted).
 */
async function changeAll(
  server: RunningServer,
  s: { cookie: string; token: string },
  ids: string[],
  move: { from: string; to: string },
  failures: string[],
  perSecond?: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const i = next++;
        if (perSecond) {
          const wait = t0 + (i * 1000) / perSecond - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const started = performance.now();
        const res = await send(server.url, {
          method: "PATCH",
          path: `/api/admin/applications/${ids[i]}/status`,
          headers: { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ status: move.to, shownStatus: move.from, note: "Checked by the bench" }),
        }).catch((err: Error) => ({ status: 0, ms: performance.now() - started, body: err.message }));
        if (res.status !== 200) failures.push(`${res.status}: ${res.body.slice(0, 120)}`);
        latencies.push(res.ms);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

interface Phase {
  saturated: number[];
  paced: number[];
}

const p95 = (l: number[]) => percentile(l, 95);
const latencyRow = (figure: string, off: number[], on: number[]) => ({
  figure,
  value: `off ${ms(percentile(off, 50))} / ${ms(p95(off))}; on ${ms(percentile(on, 50))} / ${ms(p95(on))} (${(p95(on) / p95(off)).toFixed(2)}×)`,
  goal: "on p95 ≤ 1.5 × off",
  met: p95(on) <= 1.5 * p95(off),
});

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
  const ids = await seed(db, CHANGES + PACED);
  const burst = ids.slice(0, CHANGES);
  const steady = ids.slice(CHANGES);
  const failures: string[] = [];
  const waitFor = async (count: number, since: number) => {
    while (received < count && performance.now() - since < 300_000) await new Promise((r) => setTimeout(r, 50));
    return performance.now() - since;
  };

  const off = await startBenchServer(databaseUrl, { MAIL_QUEUE: "false", MAIL_WORKER: "false", RATE_LIMIT_DISABLED: "true" });
  const offTimes: Phase = { saturated: [], paced: [] };
  try {
    log("mail: status changes with the queue off");
    const staff = await signIn(off.url, "mail-bench-admin@example.com", "bench-password");
    offTimes.saturated = await changeAll(off, staff, burst, { from: "submitted", to: "under_review" }, failures);
    offTimes.paced = await changeAll(off, staff, steady, { from: "submitted", to: "under_review" }, failures, PACE);
  } finally {
    await off.stop();
  }

  const on = await startBenchServer(databaseUrl, { SMTP_URL: smtpUrl, RATE_LIMIT_DISABLED: "true" });
  const onTimes: Phase = { saturated: [], paced: [] };
  try {
    log("mail: status changes with the queue on");
    const staff = await signIn(on.url, "mail-bench-admin@example.com", "bench-password");
    const started = performance.now();
    onTimes.saturated = await changeAll(on, staff, burst, { from: "under_review", to: "approved" }, failures);
    const clicksMs = performance.now() - started;
    // A status e-mail leaves once its change can no longer be undone: the times count from the end of that window.
    const allSentMs = (await waitFor(CHANGES, started)) - UNDO_WINDOW_MS;
    const burstReceived = received;
    const pacedStart = performance.now();
    onTimes.paced = await changeAll(on, staff, steady, { from: "under_review", to: "approved" }, failures, PACE);
    const pacedLagMs = (await waitFor(CHANGES + PACED, pacedStart)) - (PACED * 1000) / PACE - UNDO_WINDOW_MS;
    const sent = await db("email_messages").where({ kind: "status_changed", status: "sent" }).count({ n: "*" }).first();
    // Another worker without a mail server (files instead of SMTP) would show here: the figure is then not this one's.
    const elsewhere = await db("email_messages").where({ kind: "status_changed", status: "not_sent" }).count({ n: "*" }).first();
    return {
      title: `6. Mail: status changes → e-mails to a local SMTP server (worker in the server process, MAIL_CONCURRENCY default)`,
      rows: [
        latencyRow(`status change p50 / p95, ${PACED} at ${PACE} a second (staff pace)`, offTimes.paced, onTimes.paced),
        latencyRow(`status change p50 / p95, ${CHANGES} at ${CONCURRENCY} at a time (saturated)`, offTimes.saturated, onTimes.saturated),
        { figure: `${CHANGES} saturated changes answered (queue on)`, value: `${(clicksMs / 1000).toFixed(1)} s`, goal: "—", met: null },
        { figure: "failed status changes", value: String(failures.length), goal: "0", met: failures.length === 0 },
        {
          figure: `all ${CHANGES} e-mails of the saturated changes received (from the end of the first change's undo window)`,
          value: `${(allSentMs / 1000).toFixed(1)} s (${burstReceived} received)`,
          goal: "all delivered ≤ 60 s",
          met: burstReceived >= CHANGES && allSentMs <= 60_000,
        },
        {
          figure: "last paced e-mail received after its change's undo window",
          value: `${(Math.max(0, pacedLagMs) / 1000).toFixed(1)} s (${received} received in all, ${Number(sent?.n ?? 0)} recorded sent)`,
          goal: "≤ 5 s",
          met: received >= CHANGES + PACED && pacedLagMs <= 5000,
        },
      ],
      notes: [
        ...[...new Set(failures)].slice(0, 3).map((f) => `a failed change: ${f}`),
        ...(Number(elsewhere?.n ?? 0) > 0 ? [`${elsewhere?.n} messages were taken by a worker without a mail server`] : []),
      ],
    };
  } finally {
    await on.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}
