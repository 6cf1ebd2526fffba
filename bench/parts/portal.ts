// Part 2: 50 signed-in users loading their dashboard and saving wizard drafts for 30 s.
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { ms, percentile, type Section, signIn } from "../lib.ts";
import { type Call, closedLoop, send } from "./load.ts";

export async function portalLoad(base: string, db: Knex, users = 50, seconds = 30): Promise<Section> {
  const hash = await hashPassword("bench-password");
  const rows = Array.from({ length: users }, (_, i) => ({ email: `bench-${i}@example.com`, full_name: `Bench User ${i}`, password_hash: hash }));
  await db("users").insert(rows);
  const sessions: { cookie: string; token: string; id: string }[] = [];
  for (const r of rows) {
    const s = await signIn(base, r.email, "bench-password");
    const created = await send(base, {
      method: "POST",
      path: "/api/applications",
      headers: { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ visa_type: "tourist", full_name: r.full_name }),
    });
    const id = JSON.parse(created.body).application.id as string;
    sessions.push({ ...s, id });
  }
  const next = (w: number, i: number): Call => {
    const s = sessions[w % sessions.length];
    if (i % 2 === 0) return { method: "GET", path: "/dashboard", headers: { Cookie: s.cookie, Accept: "text/html" } };
    return {
      method: "PATCH",
      path: `/api/applications/${s.id}`,
      headers: { Cookie: s.cookie, "X-CSRF-Token": s.token, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ travel_purpose: `Visit number ${i}`, current_step: 5 }),
    };
  };
  const saturated = await closedLoop(base, users, seconds, next);
  // The same users at a person's pace: each one a dashboard load or a save every second (50 requests a second).
  const paced = await closedLoop(base, users, seconds, next, undefined, 1000);
  const spread = (l: number[]) => `${ms(percentile(l, 50))} / ${ms(percentile(l, 95))} / ${ms(percentile(l, 99))}`;
  const l = saturated.latencies;
  return {
    title: `2. Portal under load (${users} signed-in users, dashboard + wizard save, ${seconds} s each way)`,
    rows: [
      {
        figure: "back to back (no pause between requests): requests",
        value: `${saturated.requests} (${(saturated.requests / seconds).toFixed(0)}/s)`,
        goal: "—",
        met: null,
      },
      { figure: "back to back: p50 / p95 / p99", value: spread(l), goal: "p95 ≤ 25 ms", met: percentile(l, 95) <= 25 },
      { figure: "back to back: errors", value: String(saturated.errors), goal: "0", met: saturated.errors === 0 },
      {
        figure: "one request a second each: requests",
        value: `${paced.requests} (${(paced.requests / seconds).toFixed(0)}/s)`,
        goal: "—",
        met: null,
      },
      { figure: "one request a second each: p50 / p95 / p99", value: spread(paced.latencies), goal: "—", met: null },
      { figure: "one request a second each: errors", value: String(paced.errors), goal: "0", met: paced.errors === 0 },
    ],
    notes: [...saturated.errorSamples, ...paced.errorSamples],
  };
}
