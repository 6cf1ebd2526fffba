// Part 6: uploads through the S3 driver vs the disk driver, and two server processes vs one under the portal load.
import net from "node:net";
import { createKnex, migrateLatest } from "../../server/db/knex.ts";
import { startTestBucket } from "../../test/helpers/s3.ts";
import type { RunningServer } from "../../test/helpers/server.ts";
import { benchDatabase, type Section, startBenchServer } from "../lib.ts";
import { portalLoad } from "./portal.ts";
import { uploadLoad } from "./uploads.ts";

/** A fresh migrated database, one or more servers on it (extra env), and a way to take it all down. */
async function stack(name: string, instances: number, env: Record<string, string> = {}) {
  const database = await benchDatabase(name);
  const db = createKnex(database.url, 4);
  await migrateLatest(db);
  const servers: RunningServer[] = [];
  for (let i = 0; i < instances; i++) servers.push(await startBenchServer(database.url, env));
  return {
    db,
    servers,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db.destroy();
      await database.stop();
    },
  };
}

/** A round-robin TCP balancer on loopback, as a load balancer spreads connections over the app processes. */
function balancer(backends: string[]): Promise<{ url: string; close: () => void }> {
  let next = 0;
  const server = net.createServer((client) => {
    const { port } = new URL(backends[next++ % backends.length]);
    const upstream = net.connect(Number(port), "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

const value = (section: Section, figure: string) => section.rows.find((r) => r.figure === figure)?.value ?? "—";
const seconds = (section: Section) => Number.parseFloat(value(section, "time for a burst"));

export async function scaleOut(): Promise<Section[]> {
  // Uploads: the same 20 concurrent ~10 MB uploads to a disk-backed and an S3-backed server, each on its own database.
  const bucket = await startTestBucket();
  const uploads: Record<string, Section> = {};
  for (const [driver, env] of [
    ["disk", {}],
    ["s3", bucket.env],
  ] as const) {
    const s = await stack(`vs_bench_${driver}`, 1, env);
    try {
      const [server] = s.servers;
      // Two bursts: memory is read on the second, once the driver's code is loaded (as in part 4).
      uploads[driver] = await uploadLoad(server.url, s.db, server.pid, server.uploadDir);
    } finally {
      await s.stop();
    }
  }
  // Both bursts' objects.
  const objects = (await bucket.keys()).filter((k) => !k.startsWith(".tmp/"));
  const leftovers = (await bucket.keys()).length - objects.length;
  await bucket.stop();
  const mb = 20 * 10;
  const s3Growth = Number.parseFloat(value(uploads.s3, "RSS growth at peak"));
  const uploadRows: Section = {
    title:
      "6a. Uploads through the S3 driver vs the disk driver (2 bursts of 20 concurrent ~10 MB PDFs, memory read on the second; s3rver on loopback)",
    rows: [
      {
        figure: "accepted (disk / S3)",
        value: `${value(uploads.disk, "accepted")} / ${value(uploads.s3, "accepted")}`,
        goal: "40 of 40 / 40 of 40",
        met: null,
      },
      { figure: "S3: RSS growth at peak", value: value(uploads.s3, "RSS growth at peak"), goal: "≤ 30 MB", met: s3Growth <= 30 },
      { figure: "disk: RSS growth at peak", value: value(uploads.disk, "RSS growth at peak"), goal: "≤ 30 MB", met: null },
      {
        figure: "throughput disk / S3",
        value: `${(mb / seconds(uploads.disk)).toFixed(1)} / ${(mb / seconds(uploads.s3)).toFixed(1)} MB/s`,
        goal: "—",
        met: null,
      },
      {
        figure: "S3 objects stored / temporary left",
        value: `${objects.length} / ${leftovers}`,
        goal: "40 / 0",
        met: objects.length === 40 && leftovers === 0,
      },
    ],
  };

  // Portal load through one balancer: one app process behind it, then two on one database.
  const portal: Record<number, Section> = {};
  for (const n of [1, 2]) {
    const s = await stack(`vs_bench_instances_${n}`, n);
    const lb = await balancer(s.servers.map((x) => x.url));
    try {
      portal[n] = await portalLoad(lb.url, s.db, 50, 20);
    } finally {
      lb.close();
      await s.stop();
    }
  }
  const instanceRows: Section = {
    title: "6b. Two app processes vs one under the portal load (50 users, through a loopback round-robin balancer)",
    rows: portal[1].rows.map((r, i) => ({
      figure: r.figure,
      value: `${r.value} → ${portal[2].rows[i]?.value ?? "—"}`,
      goal: "one → two",
      met: null,
    })),
  };
  return [uploadRows, instanceRows];
}
