// Part 9: the server's memory, for a 1 GB server: RSS and JavaScript heap of a fresh production process once started
// and idle, then after 1,000 page views (marketing pages, the sign-in page, a signed-in dashboard and account page,
// ten at a time). The soak (npm run bench:soak) gives the third figure, RSS at the end of 5 minutes of 200 users.
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { heapUsedMb, rssMb, type Section, signIn, startBenchServer } from "../lib.ts";
import { send } from "./load.ts";

const VIEWS = 1000;
const AT_ONCE = 10;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10_000));

export async function memoryFootprint(databaseUrl: string, db: Knex): Promise<Section> {
  // A process of its own, as production runs it (the mail worker inside): the shared one has served the other parts.
  const server = await startBenchServer(databaseUrl);
  try {
    await settle();
    const idle = { rss: rssMb(server.pid), heap: await heapUsedMb(server.url) };
    await db("users").insert({ email: "memory@example.com", full_name: "Memory Bench", password_hash: await hashPassword("bench-password") });
    const { cookie } = await signIn(server.url, "memory@example.com", "bench-password");
    const pages = ["/", "/about", "/services/tourist-visa", "/travel-packages", "/contact", "/faq", "/signin", "/dashboard", "/account"];
    const signedIn = new Set(["/dashboard", "/account"]);
    let failed = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, w) => {
        for (let i = w; i < VIEWS; i += AT_ONCE) {
          const path = pages[i % pages.length];
          const r = await send(server.url, {
            method: "GET",
            path,
            headers: { Accept: "text/html", ...(signedIn.has(path) ? { Cookie: cookie } : {}) },
          });
          if (r.status !== 200) failed++;
        }
      }),
    );
    await settle();
    const after = { rss: rssMb(server.pid), heap: await heapUsedMb(server.url) };
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    return {
      title: "Memory: the production server's RSS (JavaScript heap in use)",
      rows: [
        { figure: "idle, after start-up", value: `${mb(idle.rss)} (${mb(idle.heap)})`, goal: "≤ 120 MB", met: idle.rss <= 120 },
        { figure: `after ${VIEWS.toLocaleString("en")} page views`, value: `${mb(after.rss)} (${mb(after.heap)})`, goal: "—", met: null },
        { figure: "page views not answered 200", value: String(failed), goal: "0", met: failed === 0 },
      ],
    };
  } finally {
    await server.stop();
  }
}
