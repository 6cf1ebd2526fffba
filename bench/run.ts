// npm run bench: builds, starts its own database and server, measures every figure next to its goal, cleans up.
// Parts can be chosen: npm run bench -- public portal uploads weight admin memory passport
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale, buildServerIfStale } from "../server/cli/build.ts";
import { ROOT_DIR } from "../server/config.ts";
import { createKnex, migrateLatest } from "../server/db/knex.ts";
import { CLIENT_DIST } from "../server/render/assets.ts";
import { benchDatabase, markdown, type Section, startBenchServer } from "./lib.ts";
import { adminAtScale } from "./parts/admin.ts";
import { mailDelivery } from "./parts/mail.ts";
import { memoryFootprint } from "./parts/memory.ts";
import { passportReading } from "./parts/passport.ts";
import { paystackWebhooks } from "./parts/payments.ts";
import { portalLoad } from "./parts/portal.ts";
import { publicPages } from "./parts/public.ts";
import { scaleOut } from "./parts/scale.ts";
import { uploadLoad } from "./parts/uploads.ts";
import { pageWeight } from "./parts/weight.ts";

const ALL = ["public", "portal", "admin", "uploads", "weight", "scale", "mail", "payments", "memory", "passport"];
const chosen = process.argv.slice(2).filter((a) => ALL.includes(a));
const parts = chosen.length ? chosen : ALL;
const log = (m: string) => console.log(`[bench] ${m}`);

await buildIfStale(log);
await buildServerIfStale(log);
const database = await benchDatabase("vs_bench");
// No query time limit here: the admin part bulk-loads a million rows.
const db = createKnex(database.url, 4, undefined, 3000, 0);
await migrateLatest(db);
// This server's own mail worker stays off: it has no SMTP server, so it would take the mail part's jobs and write
// them to files, racing the worker that part measures.
const server = await startBenchServer(database.url, { MAIL_WORKER: "false" });
log(`server ${server.url} (pid ${server.pid})`);
const sections: Section[] = [];
const started = Date.now();
try {
  if (parts.includes("public")) {
    log("part 1: public pages vs static");
    sections.push(await publicPages(server.url));
  }
  if (parts.includes("portal")) {
    log("part 2: portal under load");
    sections.push(await portalLoad(server.url, db));
  }
  if (parts.includes("admin")) {
    log("part 3: admin at scale");
    // BENCH_ADMIN_COUNT: fewer applications for a quick look (the figures that count are at a million).
    sections.push(await adminAtScale(server.url, db, Number(process.env.BENCH_ADMIN_COUNT ?? 1_000_000)));
  }
  if (parts.includes("uploads")) {
    log("part 4: uploads");
    sections.push(await uploadLoad(server.url, db, server.pid, server.uploadDir));
  }
  if (parts.includes("weight")) {
    log("part 5: script before usable and Lighthouse");
    sections.push(...(await pageWeight(server.url, db)));
  }
  if (parts.includes("scale")) {
    log("part 6: S3 uploads and two instances");
    sections.push(...(await scaleOut()));
  }
  if (parts.includes("mail")) {
    log("part 7: messages (e-mail, WhatsApp, SMS)");
    sections.push(await mailDelivery(database.url, db, log));
  }
  if (parts.includes("payments")) {
    log("part 8: Paystack webhooks");
    sections.push(await paystackWebhooks(database.url, db, log));
  }
  if (parts.includes("memory")) {
    log("part 9: memory");
    sections.push(await memoryFootprint(database.url, db));
  }
  if (parts.includes("passport")) {
    log("part 10: reading passports");
    sections.push(await passportReading(log));
  }
} finally {
  await server.stop();
  await db.destroy();
  await database.stop();
  rmSync(path.join(CLIENT_DIST, "__bench"), { recursive: true, force: true });
  rmSync(server.uploadDir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const header = `# Benchmark ${date}\n\nMachine: ${(await import("node:os")).cpus().length} cores, Node ${process.version}. Parts: ${parts.join(", ")}. Took ${((Date.now() - started) / 1000).toFixed(0)} s.\n\n`;
const body = header + markdown(sections);
console.log(`\n${body}\n`);
mkdirSync(path.join(ROOT_DIR, "bench", "results"), { recursive: true });
// A run of some parts only gets its own file, so it never replaces a full run's table.
const file = path.join(ROOT_DIR, "bench", "results", chosen.length ? `${date}-${parts.join("-")}.md` : `${date}.md`);
writeFileSync(file, `${body}\n`);
log(`written to ${path.relative(ROOT_DIR, file)}`);
// A missed goal fails the run (exit 1), so a script or a person comparing runs cannot take it for a pass.
const missed = sections.flatMap((s) => s.rows.filter((r) => r.met === false).map((r) => `${s.title.split(":")[0]}: ${r.figure}`));
for (const m of missed) log(`goal missed: ${m}`);
process.exit(missed.length ? 1 : 0);
