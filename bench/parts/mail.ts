// Part 7: staff status changes fanned out to the applicants' messages. Three servers in turn, each on applications of
// its own moved from under review to approved: the queue off (nothing sent), e-mail only (a local SMTP server), and
// messages (e-mail + WhatsApp + SMS, to local SMTP, WhatsApp Cloud API and Termii servers; every applicant has chosen
// WhatsApp and SMS at a number of their own). A status change's notice goes, by the routing of
// server/channels/phoneMessages.ts, as an e-mail and on WhatsApp as the approved case-update template (no applicant
// wrote in the last 24 hours); it is not urgent, so it goes by SMS only when WhatsApp refuses it for good: one
// applicant in REFUSED_EVERY has a number WhatsApp cannot deliver to (Meta's 131026), so theirs falls back to SMS,
// which outside the quiet hours leaves at once and inside them (20:00–08:00 Lagos) waits for 08:00. Measured: the
// time until every expected message has reached its local server, and the status change's p95 of each server
// against the one before it, at a staff pace and with the server saturated (10 changes at a time, as fast as it
// answers).
import type { Knex } from "knex";
import { SMTPServer } from "smtp-server";
import { hashPassword } from "../../server/auth/passwords.ts";
import { consentWords, quietHoursEnd } from "../../server/domain/channels.ts";
import { UNDO_WINDOW_MS } from "../../server/domain/status.ts";
import type { RunningServer } from "../../test/helpers/server.ts";
import { startLocalTermii } from "../../test/helpers/termii.ts";
import { startLocalWhatsApp } from "../../test/helpers/whatsapp.ts";
import { enrolStaff, ms, percentile, type Section, signIn, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const CHANGES = 1000;
const PACED = 500;
/** Changes a second in the paced phase: a busy office, about a third of what the server answered at saturation. */
const PACE = 25;
const CONCURRENCY = 10;
/** Every tenth applicant's WhatsApp number is one Meta cannot deliver to: their notice falls back to SMS. */
const REFUSED_EVERY = 10;
/** The case-update template's name, as Meta approved it for the business (the local server approves it). */
const TEMPLATE = "case_update_v1";
const ALL_DELIVERED_MS = 60_000;
const PACED_LAG_MS = 5000;
const WAIT_LIMIT_MS = 300_000;

async function seedStaff(db: Knex): Promise<void> {
  const hash = await hashPassword("bench-password");
  const [admin] = await db("users")
    .insert({ email: "mail-bench-admin@example.com", full_name: "Mail Bench Admin", password_hash: hash })
    .returning("id");
  await enrolStaff(db, { id: admin.id, email: "mail-bench-admin@example.com" });
}

interface Seeded {
  ids: string[];
  /** Each application's applicant's mobile number (E.164): the number of their WhatsApp and SMS consents. */
  phones: string[];
}

/**
 * `count` applicants of a phase (`mb-{phase}-{n}@example.com`, mobile +2348 and n), each with one application under
 * review; with `consents`, each has chosen WhatsApp and SMS at that number, as on My account.
 */
async function seedApplicants(db: Knex, phase: string, count: number, consents: boolean): Promise<Seeded> {
  const hash = await hashPassword("bench-password");
  const n = `split_part(split_part(u.email, '@', 1), '-', 3)`;
  await db.raw(
    `INSERT INTO users (email, full_name, password_hash)
     SELECT 'mb-' || ? || '-' || g || '@example.com', 'Mail Bench ' || g, ? FROM generate_series(1, ?::int) g`,
    [phase, hash, count],
  );
  const pattern = `mb-${phase}-%@example.com`;
  await db.raw(
    `INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, destination_country, submitted_at)
     SELECT u.id, 'VA-MB-' || upper(?) || '-' || ${n}, 'tourist', 'under_review', 8, u.full_name, 'Canada', now() FROM users u WHERE u.email LIKE ?`,
    [phase, pattern],
  );
  if (consents) {
    for (const channel of ["whatsapp", "sms"] as const) {
      await db.raw(
        `INSERT INTO channel_consents (user_id, channel, phone, opted_in, words, source)
         SELECT u.id, ?, '+2348' || lpad(${n}, 9, '0'), true, ?, 'account' FROM users u WHERE u.email LIKE ?`,
        [channel, consentWords(channel, "Horizon Gate Travel"), pattern],
      );
    }
  }
  const { rows } = await db.raw<{ rows: { id: string; phone: string }[] }>(
    `SELECT a.id, '+2348' || lpad(${n}, 9, '0') AS phone FROM visa_applications a JOIN users u ON u.id = a.user_id
      WHERE u.email LIKE ? ORDER BY ${n}::int`,
    [pattern],
  );
  return { ids: rows.map((r) => r.id), phones: rows.map((r) => r.phone) };
}

/**
 * Moves every application from under review to approved, CONCURRENCY at a time; with `perSecond`, change i starts no
 * earlier than i / perSecond seconds in. The latency of each change (failures counted).
 */
async function changeAll(
  server: RunningServer,
  s: { cookie: string; token: string },
  ids: string[],
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
          body: JSON.stringify({ status: "approved", shownStatus: "under_review", note: "Checked by the bench" }),
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

/** What a phase's server delivered: the saturated changes' and the paced ones' timings, counted by the caller. */
interface Delivery {
  /** From the end of the first saturated change's undo window until every expected message had arrived. */
  allMs: number;
  /** From the end of the last paced change's undo window until every expected message had arrived. */
  pacedLagMs: number;
  /** Whether each wait ended with everything expected in (not at the wait's limit). */
  burstComplete: boolean;
  pacedComplete: boolean;
}

/** Polls `done` until it holds or the limit passes: the time since `since`. */
async function waitUntil(done: () => boolean | Promise<boolean>, since: number): Promise<{ ms: number; complete: boolean }> {
  for (;;) {
    if (await done()) return { ms: performance.now() - since, complete: true };
    if (performance.now() - since > WAIT_LIMIT_MS) return { ms: performance.now() - since, complete: false };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs in, runs the saturated changes, waits for their messages, then the paced ones and theirs. */
async function runPhase(
  server: RunningServer,
  apps: { burst: string[]; steady: string[] },
  failures: string[],
  arrived: { burst: () => boolean | Promise<boolean>; all: () => boolean | Promise<boolean> } | undefined,
): Promise<{ times: Phase; delivery?: Delivery; clicksMs: number }> {
  const staff = await signIn(server.url, "mail-bench-admin@example.com", "bench-password");
  const started = performance.now();
  const saturated = await changeAll(server, staff, apps.burst, failures);
  const clicksMs = performance.now() - started;
  if (!arrived) {
    const paced = await changeAll(server, staff, apps.steady, failures, PACE);
    return { times: { saturated, paced }, clicksMs };
  }
  // A notice leaves once its change can no longer be undone: the times count from the end of that window.
  const burst = await waitUntil(arrived.burst, started);
  const pacedStart = performance.now();
  const paced = await changeAll(server, staff, apps.steady, failures, PACE);
  const all = await waitUntil(arrived.all, pacedStart);
  return {
    times: { saturated, paced },
    clicksMs,
    delivery: {
      allMs: burst.ms - UNDO_WINDOW_MS,
      pacedLagMs: all.ms - (PACED * 1000) / PACE - UNDO_WINDOW_MS,
      burstComplete: burst.complete,
      pacedComplete: all.complete,
    },
  };
}

const p95 = (l: number[]) => percentile(l, 95);
const latencyRow = (figure: string, names: [string, string], before: number[], after: number[], ratio: number) => ({
  figure,
  value: `${names[0]} ${ms(percentile(before, 50))} / ${ms(p95(before))}; ${names[1]} ${ms(percentile(after, 50))} / ${ms(p95(after))} (${(p95(after) / p95(before)).toFixed(2)}×)`,
  goal: `${names[1]} p95 ≤ ${ratio} × ${names[0]}`,
  met: p95(after) <= ratio * p95(before),
});
const seconds = (n: number) => `${(Math.max(0, n) / 1000).toFixed(1)} s`;

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
  const whatsapp = await startLocalWhatsApp();
  whatsapp.templates.add(TEMPLATE);
  const termii = await startLocalTermii();
  termii.setBalance(1_000_000);

  await seedStaff(db);
  const split = ({ ids, phones }: Seeded) => ({ burst: ids.slice(0, CHANGES), steady: ids.slice(CHANGES), phones });
  const offApps = split(await seedApplicants(db, "off", CHANGES + PACED, false));
  const mailApps = split(await seedApplicants(db, "mail", CHANGES + PACED, false));
  const msgApps = split(await seedApplicants(db, "msg", CHANGES + PACED, true));
  // Numbers WhatsApp cannot deliver to: one applicant in REFUSED_EVERY, in the saturated and in the paced changes.
  const refusedAt = (i: number) => i % REFUSED_EVERY === REFUSED_EVERY - 1;
  msgApps.phones.forEach((phone, i) => {
    if (refusedAt(i)) whatsapp.refuse.add(phone.replace(/^\+/, ""));
  });
  const refusedBurst = msgApps.phones.slice(0, CHANGES).filter((_, i) => refusedAt(i)).length;
  const refusedAll = msgApps.phones.filter((_, i) => refusedAt(i)).length;
  const failures: string[] = [];

  const off = await startBenchServer(databaseUrl, { MAIL_QUEUE: "false", MAIL_WORKER: "false", RATE_LIMIT_DISABLED: "true" });
  let offRun: Awaited<ReturnType<typeof runPhase>>;
  try {
    log("mail: status changes with the queue off");
    offRun = await runPhase(off, offApps, failures, undefined);
  } finally {
    await off.stop();
  }

  const mail = await startBenchServer(databaseUrl, { SMTP_URL: smtpUrl, RATE_LIMIT_DISABLED: "true" });
  let mailRun: Awaited<ReturnType<typeof runPhase>>;
  try {
    log("mail: status changes → e-mail only");
    mailRun = await runPhase(mail, mailApps, failures, { burst: () => received >= CHANGES, all: () => received >= CHANGES + PACED });
  } finally {
    await mail.stop();
  }
  const mailOnly = received;

  // Whether the fallback SMS may leave now: a status change is not urgent, so inside the quiet hours it waits for 08:00.
  const quietAtStart = quietHoursEnd(new Date());
  const held = async () => {
    const row = await db("channel_messages")
      .where({ channel: "sms", state: "queued" })
      .where("not_before", ">", db.fn.now())
      .count({ n: "*" })
      .first();
    return Number(row?.n ?? 0);
  };
  /** What should have arrived once `changes` of the phase's changes were made and their notices could leave. */
  const expected = (changes: number, refused: number) => ({
    email: mailOnly + changes,
    whatsapp: changes - refused,
    sms: quietAtStart ? 0 : refused,
    held: quietAtStart ? refused : 0,
  });
  // A run that crosses 08:00 Lagos sends the SMS held until then: each refused number's SMS is sent or held, once.
  const arrivedAll = async (want: ReturnType<typeof expected>) =>
    received >= want.email && whatsapp.sent.length >= want.whatsapp && termii.sent.length + (quietAtStart ? await held() : 0) >= want.sms + want.held;
  const burstWant = expected(CHANGES, refusedBurst);
  const allWant = expected(CHANGES + PACED, refusedAll);

  const messages = await startBenchServer(databaseUrl, {
    SMTP_URL: smtpUrl,
    RATE_LIMIT_DISABLED: "true",
    ...whatsapp.env,
    WHATSAPP_TEMPLATE_CASE_UPDATE: TEMPLATE,
    ...termii.env,
  });
  let msgRun: Awaited<ReturnType<typeof runPhase>>;
  let burstGot = { email: 0, whatsapp: 0, sms: 0, held: 0 };
  try {
    log("mail: status changes → e-mail + WhatsApp + SMS");
    msgRun = await runPhase(messages, msgApps, failures, {
      burst: async () => {
        const done = await arrivedAll(burstWant);
        burstGot = { email: received, whatsapp: whatsapp.sent.length, sms: termii.sent.length, held: quietAtStart ? await held() : 0 };
        return done;
      },
      all: () => arrivedAll(allWant),
    });
  } finally {
    await messages.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await whatsapp.stop();
    await termii.stop();
  }
  const allGot = { email: received, whatsapp: whatsapp.sent.length, sms: termii.sent.length, held: quietAtStart ? await held() : 0 };
  const { rows: recorded } = await db.raw<{ rows: { channel: string; state: string; n: string }[] }>(
    "SELECT channel, state, count(*) AS n FROM channel_messages GROUP BY channel, state ORDER BY channel, state",
  );
  const sentMail = await db("email_messages").where({ kind: "status_changed", status: "sent" }).count({ n: "*" }).first();
  // Another worker without a mail server (files instead of SMTP) would show here: the figure is then not this one's.
  const elsewhere = await db("email_messages").where({ kind: "status_changed", status: "not_sent" }).count({ n: "*" }).first();

  const mailDelivery = mailRun.delivery as Delivery;
  const msgDelivery = msgRun.delivery as Delivery;
  const counts = (got: typeof burstGot, want: typeof burstWant, base: number) =>
    `${got.email - base} e-mails, ${got.whatsapp} WhatsApp, ${got.sms} SMS${want.held ? `, ${got.held} SMS held for the quiet hours` : ""} (expected ${want.email - base}, ${want.whatsapp}, ${want.sms}${want.held ? `, ${want.held} held` : ""})`;
  const exact = (got: typeof burstGot, want: typeof burstWant) =>
    got.email === want.email && got.whatsapp === want.whatsapp && got.sms + got.held === want.sms + want.held;
  return {
    title: `7. Messages: status changes → e-mail (local SMTP) + WhatsApp (local Cloud API) + SMS (local Termii), worker in the server process, MAIL_CONCURRENCY default`,
    rows: [
      latencyRow(
        `status change p50 / p95, ${PACED} at ${PACE} a second (staff pace)`,
        ["off", "e-mail"],
        offRun.times.paced,
        mailRun.times.paced,
        1.5,
      ),
      latencyRow(
        `status change p50 / p95, ${CHANGES} at ${CONCURRENCY} at a time (saturated)`,
        ["off", "e-mail"],
        offRun.times.saturated,
        mailRun.times.saturated,
        1.5,
      ),
      latencyRow(
        `status change p50 / p95, staff pace, messages against e-mail only`,
        ["e-mail", "messages"],
        mailRun.times.paced,
        msgRun.times.paced,
        1.2,
      ),
      latencyRow(
        `status change p50 / p95, saturated, messages against e-mail only`,
        ["e-mail", "messages"],
        mailRun.times.saturated,
        msgRun.times.saturated,
        1.2,
      ),
      {
        figure: `${CHANGES} saturated changes answered (off / e-mail / messages)`,
        value: [offRun, mailRun, msgRun].map((r) => seconds(r.clicksMs)).join(" / "),
        goal: "—",
        met: null,
      },
      { figure: "failed status changes", value: String(failures.length), goal: "0", met: failures.length === 0 },
      {
        figure: `e-mail only: all ${CHANGES} e-mails of the saturated changes received (from the end of the first change's undo window)`,
        value: `${seconds(mailDelivery.allMs)} (${mailOnly >= CHANGES && mailDelivery.burstComplete ? CHANGES : "not all"} received)`,
        goal: "all delivered ≤ 60 s",
        met: mailDelivery.burstComplete && mailDelivery.allMs <= ALL_DELIVERED_MS,
      },
      {
        figure: "e-mail only: last paced e-mail received after its change's undo window",
        value: `${seconds(mailDelivery.pacedLagMs)} (${mailOnly} received)`,
        goal: "≤ 5 s",
        met: mailDelivery.pacedComplete && mailOnly === CHANGES + PACED && mailDelivery.pacedLagMs <= PACED_LAG_MS,
      },
      {
        figure: `messages: every message of the ${CHANGES} saturated changes received (from the end of the first change's undo window)`,
        value: `${seconds(msgDelivery.allMs)}: ${counts(burstGot, burstWant, mailOnly)}`,
        goal: "all delivered ≤ 60 s",
        met: msgDelivery.burstComplete && exact(burstGot, burstWant) && msgDelivery.allMs <= ALL_DELIVERED_MS,
      },
      {
        figure: "messages: last paced message received after its change's undo window",
        value: `${seconds(msgDelivery.pacedLagMs)}: ${counts(allGot, allWant, mailOnly)} in all`,
        goal: "≤ 5 s",
        met: msgDelivery.pacedComplete && exact(allGot, allWant) && msgDelivery.pacedLagMs <= PACED_LAG_MS,
      },
    ],
    notes: [
      `A status change is not urgent: it goes by e-mail and as WhatsApp's case-update template, and by SMS only when WhatsApp refuses the number (here ${refusedAll} of ${CHANGES + PACED} applicants)${quietAtStart ? `; this run fell in the quiet hours (20:00–08:00 Lagos), so those SMS wait for ${quietAtStart.toISOString()} and are counted as held, not sent` : ""}.`,
      `Recorded: ${Number(sentMail?.n ?? 0)} status e-mails sent; phone messages ${recorded.map((r) => `${r.channel} ${r.state} ${r.n}`).join(", ")}.`,
      ...[...new Set(failures)].slice(0, 3).map((f) => `a failed change: ${f}`),
      ...(Number(elsewhere?.n ?? 0) > 0 ? [`${elsewhere?.n} messages were taken by a worker without a mail server`] : []),
    ],
  };
}
