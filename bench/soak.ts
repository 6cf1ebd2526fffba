// npm run bench:soak: 200 concurrent users mixing public pages, sign-in, wizard saves and uploads for 5 minutes
// (SOAK_SECONDS, SOAK_USERS); reports errors and the server's memory over time. Appends to bench/results/<date>.md.
// SOAK_HEAP_SNAPSHOTS=dir writes two heap snapshots of the server there, after the first minute and at the end.
import { appendFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { hashPassword } from "../server/auth/passwords.ts";
import { buildIfStale, buildServerIfStale } from "../server/cli/build.ts";
import { ROOT_DIR } from "../server/config.ts";
import { createKnex, migrateLatest } from "../server/db/knex.ts";
import { PDF } from "../test/helpers/files.ts";
import { benchDatabase, heapUsedMb, markdown, ms, percentile, rssMb, signIn, startBenchServer } from "./lib.ts";
import { type Call, closedLoop, send } from "./parts/load.ts";

const USERS = Number(process.env.SOAK_USERS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const log = (m: string) => console.log(`[soak] ${m}`);

const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS;

await buildIfStale(log);
await buildServerIfStale(log);
const database = await benchDatabase("vs_soak");
const db = createKnex(database.url, 4, undefined, 3000, 0);
await migrateLatest(db);
if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
const snapshotArgs = SNAPSHOTS ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${path.resolve(SNAPSHOTS)}`] : [];
const server = await startBenchServer(database.url, { DB_POOL_MAX: "20" }, snapshotArgs);

/** Asks the server for a heap snapshot and waits until it is written (the server answers nothing meanwhile). */
async function heapSnapshot(dir: string): Promise<void> {
  const count = () => readdirSync(dir).filter((f) => f.endsWith(".heapsnapshot")).length;
  const before = count();
  process.kill(server.pid, "SIGUSR2");
  while (count() === before) await new Promise((resolve) => setTimeout(resolve, 500));
  // The file appears when writing starts: the server answers again once it is done (a connection kept alive from
  // before may have been closed meanwhile, so a failed try is tried again).
  for (;;) {
    const answered = await fetch(`${server.url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`heap snapshot ${before + 1} written`);
}
try {
  const hash = await hashPassword("soak-password");
  await db("users").insert(
    Array.from({ length: USERS }, (_, i) => ({ email: `soak-${i}@example.com`, full_name: `Soak User ${i}`, password_hash: hash })),
  );
  const users: { cookie: string; token: string; id: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const s = await signIn(server.url, `soak-${i}@example.com`, "soak-password");
    const h = { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" };
    const created = await send(server.url, { method: "POST", path: "/api/applications", headers: h, body: JSON.stringify({ visa_type: "tourist" }) });
    users.push({ ...s, id: JSON.parse(created.body).application.id });
  }
  const boundary = "----soak";
  const upload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nbank_statement\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.pdf"\r\n\r\n`,
    ),
    PDF,
    Buffer.alloc(256 * 1024, 0x20),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const publicPages = ["/", "/services/tourist-visa", "/travel-packages", "/about", "/contact"];
  const next = (w: number, i: number): Call => {
    const u = users[w % users.length];
    const h = { Cookie: u.cookie, "X-CSRF-Token": u.token, Accept: "application/json" };
    switch (i % 6) {
      case 0:
      case 1:
        return { method: "GET", path: publicPages[(w + i) % publicPages.length], headers: { "Accept-Encoding": "gzip" } };
      case 2:
        return {
          method: "POST",
          path: "/signin",
          headers: { ...h, "Content-Type": "application/json" },
          body: JSON.stringify({ email: `soak-${w % USERS}@example.com`, password: "wrong-password" }),
        };
      case 3:
        return {
          method: "PATCH",
          path: `/api/applications/${u.id}`,
          headers: { ...h, "Content-Type": "application/json" },
          body: JSON.stringify({ travel_purpose: `Trip ${i}` }),
        };
      case 4:
        return { method: "GET", path: "/dashboard", headers: { Cookie: u.cookie } };
      default:
        return {
          method: "POST",
          path: `/api/applications/${u.id}/documents`,
          headers: { ...h, "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body: upload.toString("latin1"),
        };
    }
  };
  const memory: number[] = [];
  const timer = setInterval(() => memory.push(rssMb(server.pid)), 5000);
  const firstSnapshot = SNAPSHOTS ? setTimeout(() => void heapSnapshot(SNAPSHOTS), 60_000) : undefined;
  log(`${USERS} users for ${SECONDS} s`);
  // A wrong password is an expected 401: every other answer must be a success.
  const sample = await closedLoop(server.url, USERS, SECONDS, next, (s) => s < 400 || s === 401);
  clearInterval(timer);
  clearTimeout(firstSnapshot);
  const end = { rss: rssMb(server.pid), heap: await heapUsedMb(server.url) };
  if (SNAPSHOTS) await heapSnapshot(SNAPSHOTS);
  const l = sample.latencies;
  const firstMin = memory.slice(2, 14);
  const lastMin = memory.slice(-12);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const section = {
    title: `Soak: ${USERS} concurrent users, public pages + sign-in + wizard saves + uploads, ${SECONDS} s`,
    rows: [
      { figure: "requests", value: `${sample.requests} (${(sample.requests / SECONDS).toFixed(0)}/s)`, goal: "—", met: null },
      { figure: "unexpected errors", value: String(sample.errors), goal: "0", met: sample.errors === 0 },
      {
        figure: "RSS at the end (JavaScript heap in use)",
        value: `${end.rss.toFixed(0)} MB (${end.heap.toFixed(0)} MB)`,
        goal: "≤ 300 MB",
        met: end.rss <= 300,
      },
      { figure: "p50 / p95 / p99", value: `${ms(percentile(l, 50))} / ${ms(percentile(l, 95))} / ${ms(percentile(l, 99))}`, goal: "—", met: null },
      {
        figure: "RSS: 2nd minute avg → last minute avg (max)",
        value: `${avg(firstMin).toFixed(0)} → ${avg(lastMin).toFixed(0)} MB (${Math.max(...memory).toFixed(0)})`,
        goal: "flat (≤ +10%)",
        met: avg(lastMin) <= avg(firstMin) * 1.1,
      },
    ],
    notes: sample.errorSamples,
  };
  const text = markdown([section]);
  console.log(`\n${text}\n`);
  mkdirSync(path.join(ROOT_DIR, "bench", "results"), { recursive: true });
  appendFileSync(path.join(ROOT_DIR, "bench", "results", `${new Date().toISOString().slice(0, 10)}.md`), `\n${text}\n`);
} finally {
  await server.stop();
  await db.destroy();
  await database.stop();
}
process.exit(0);
