// Password hashes take turns, at most two at a time (each holds 19 MiB of native memory): a burst of sign-ins waits,
// and every one of them is still answered as it should be.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, passwordHashes, verifyPassword } from "../../server/auth/passwords.ts";
import { createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

/** Runs `work` while sampling passwordHashes() on every turn of the event loop; the most seen running and waiting. */
async function busiest<T>(work: Promise<T>): Promise<{ result: T; running: number; waiting: number }> {
  let done = false;
  let running = 0;
  let waiting = 0;
  const sample = () => {
    const now = passwordHashes();
    running = Math.max(running, now.running);
    waiting = Math.max(waiting, now.waiting);
    if (!done) setImmediate(sample);
  };
  sample();
  const result = await work.finally(() => {
    done = true;
  });
  return { result, running, waiting };
}

describe("password hashes", () => {
  it("run at most two at a time, the rest in turn, each with its own answer", async () => {
    const hash = await hashPassword("Harmattan-mango-42");
    const tries = ["Harmattan-mango-42", "wrong-1", "Harmattan-mango-42", "wrong-2", "Harmattan-mango-42", "wrong-3"];
    const seen = await busiest(Promise.all([...tries.map((p) => verifyPassword(hash, p)), hashPassword("another-one-42")]));
    expect(seen.result.slice(0, 6)).toEqual([true, false, true, false, true, false]);
    expect(seen.result[6]).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(seen.result[6] as string, "another-one-42")).toBe(true);
    expect(seen.running).toBe(2);
    expect(seen.waiting).toBe(5);
    expect(passwordHashes()).toEqual({ running: 0, waiting: 0 });
  });

  it("a malformed hash refuses the password and gives its turn back", async () => {
    expect(await Promise.all([verifyPassword("not-a-hash", "x"), verifyPassword("$argon2id$broken", "y")])).toEqual([false, false]);
    expect(passwordHashes()).toEqual({ running: 0, waiting: 0 });
  });

  it("a burst of sign-ins is answered right: the right passwords signed in, wrong ones and unknown addresses refused", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, (_, n) => makeUser(t.db, { fullName: `Burst Applicant ${n}` })));
    const clients = await Promise.all(Array.from({ length: 12 }, () => newClient(t.app)));
    const attempts = clients.map((c, i) => {
      const user = users[i % users.length];
      const kind = i < 6 ? "right" : i < 10 ? "wrong" : "unknown";
      const email = kind === "unknown" ? `nobody-${i}@example.com` : user.email;
      const password = kind === "right" ? user.password : "wrong-password-42";
      return { c, kind, user, send: () => c.post("/signin", { email, password }) };
    });
    const seen = await busiest(Promise.all(attempts.map((a) => a.send())));
    expect(seen.running).toBe(2);
    expect(seen.waiting).toBeGreaterThan(0);
    for (const [i, res] of seen.result.entries()) {
      const { kind } = attempts[i];
      expect({ i, kind, status: res.status }).toEqual({ i, kind, status: kind === "right" ? 200 : 401 });
      if (kind === "right") expect(res.body).toEqual({ redirect: "/dashboard" });
      else expect(res.body.error.message).toBe("Invalid email or password");
    }
    // Each signed-in client is its own user; the refused ones are nobody.
    for (const a of attempts) {
      const dash = await a.c.get("/dashboard");
      if (a.kind === "right") expect(dash.text).toContain(a.user.fullName);
      else expect(dash.status).toBe(303);
    }
    const metrics = await (await newClient(t.app)).get("/metrics").expect(200);
    expect(metrics.text).toContain('password_hashes{state="running"} 0');
    expect(metrics.text).toContain('password_hashes{state="waiting"} 0');
  });
});
