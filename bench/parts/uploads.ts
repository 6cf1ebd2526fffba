// Part 4: bursts of 20 concurrent 10 MB uploads; the server's RSS before, at its peak and after, and what is left on disk.
import http from "node:http";
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { filesUnder } from "../../test/helpers/files.ts";
import { rssMb, type Section, signIn } from "../lib.ts";

const SIZE = 10 * 1024 * 1024 - 4096;

function uploadOnce(base: string, path: string, cookie: string, token: string): Promise<number> {
  const url = new URL(path, base);
  const boundary = "----benchboundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nbank_statement\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pdfHead = Buffer.from("%PDF-1.4\n");
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": head.length + SIZE + tail.length,
          Cookie: cookie,
          "X-CSRF-Token": token,
          Accept: "application/json",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(head);
    req.write(pdfHead);
    let left = SIZE - pdfHead.length;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** Signs up `count` applicants, each with a draft to upload to. */
async function uploaders(base: string, db: Knex, prefix: string, count: number) {
  const hash = await hashPassword("bench-password");
  const targets = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@example.com`;
    await db("users").insert({ email, full_name: `Uploader ${i}`, password_hash: hash });
    const s = await signIn(base, email, "bench-password");
    const res = await fetch(`${base}/api/applications`, {
      method: "POST",
      headers: { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ visa_type: "tourist" }),
    });
    targets.push({ ...s, id: ((await res.json()) as { application: { id: string } }).application.id });
  }
  return targets;
}

/** One burst of concurrent uploads: the server's RSS before and at its peak, the statuses, the time taken. */
async function burst(base: string, pid: number, targets: Awaited<ReturnType<typeof uploaders>>) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const statuses = await Promise.all(targets.map((t) => uploadOnce(base, `/api/applications/${t.id}/documents`, t.cookie, t.token)));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(timer);
  return { before, peak, after: rssMb(pid), seconds, ok: statuses.filter((s) => s === 201).length };
}

/**
 * The first burst on a fresh server also pays one-time costs (upload code compiled, heap and allocator arenas grown:
 * 38–49 MB measured on a cold server, 2–23 MB for the same burst repeated). The goal is read on a second burst, so
 * the figure does not depend on which parts ran before; the first is shown beside it.
 */
export async function uploadLoad(base: string, db: Knex, pid: number, uploadDir: string, count = 20): Promise<Section> {
  const cold = await burst(base, pid, await uploaders(base, db, "warmup", count));
  const warm = await burst(base, pid, await uploaders(base, db, "uploader", count));
  const files = filesUnder(uploadDir);
  const leftovers = files.filter((f) => f.startsWith(".tmp"));
  const ok = cold.ok + warm.ok;
  const growth = warm.peak - warm.before;
  return {
    title: `4. Uploads (2 bursts of ${count} concurrent ${(SIZE / 1024 / 1024).toFixed(1)} MB PDFs)`,
    rows: [
      { figure: "accepted", value: `${ok} of ${2 * count}`, goal: `${2 * count}`, met: ok === 2 * count },
      { figure: "time for a burst", value: `${warm.seconds.toFixed(2)} s`, goal: "—", met: null },
      { figure: "first burst: RSS growth at peak", value: `${(cold.peak - cold.before).toFixed(1)} MB`, goal: "—", met: null },
      {
        figure: "RSS before / peak / after",
        value: `${warm.before.toFixed(0)} / ${warm.peak.toFixed(0)} / ${warm.after.toFixed(0)} MB`,
        goal: "—",
        met: null,
      },
      { figure: "RSS growth at peak", value: `${growth.toFixed(1)} MB`, goal: "≤ 30 MB", met: growth <= 30 },
      {
        figure: "files stored / temporary left",
        value: `${files.length - leftovers.length} / ${leftovers.length}`,
        goal: `${2 * count} / 0`,
        met: leftovers.length === 0 && files.length === 2 * count,
      },
    ],
  };
}
