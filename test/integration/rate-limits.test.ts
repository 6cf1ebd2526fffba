// Each per-network and per-account limit driven to its end: the request after the last allowed one answers 429 with
// Retry-After and changes nothing (no account, session or message).
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, type Limit } from "../../server/middleware/rateLimit.ts";
import { createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { freshCode } from "../helpers/twoFactor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const count = async (table: string, where: Record<string, unknown> = {}) => Number((await t.db(table).where(where).count({ n: "*" }))[0].n);

/**
 * What a refused request could have changed. Links' tokens are issued when a message is delivered (no mail worker
 * runs here), so a queued message is the trace a reset or resend request leaves.
 */
const snapshot = async () => ({
  users: await count("users"),
  sessions: await count("user_sessions"),
  messages: await count("email_messages"),
  tokens: await count("account_tokens"),
  enquiries: await count("enquiries"),
});

/** A 429 with the limit's message and a Retry-After within its window. */
function expectRefused(res: request.Response, limit: Limit) {
  expect(res.status).toBe(429);
  expect(res.body.error.message).toBe(limit.message);
  const retry = Number(res.headers["retry-after"]);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(limit.windowMs / 1000);
}

describe("sign-ins per network", () => {
  it("allows the limit's number of attempts from one network, then refuses even the right password and signs nothing in", async () => {
    const limit = LIMITS.signInPerIp;
    const user = await makeUser(t.db);
    const network = fromAddress("203.0.113.10");
    // Each attempt names another address, so the per-account limit (lower) never decides.
    for (let i = 0; i < limit.max; i++) {
      await network((await newClient(t.app)).post("/signin", { email: `guess-${i}@example.com`, password: "wrong-password" })).expect(401);
    }
    const client = await newClient(t.app);
    const before = await snapshot();
    expectRefused(await network(client.post("/signin", { email: user.email, password: user.password })), limit);
    expect(await snapshot()).toEqual(before);
    await client.getJson("/api/session").expect(401);
    expect(await count("audit_events", { action: "sign_in", subject_id: user.id })).toBe(0);
    // The limit is the network's: the owner elsewhere signs in.
    await fromAddress("198.51.100.10")(client.post("/signin", { email: user.email, password: user.password })).expect(200);
  });
});

describe("sign-ups per network", () => {
  it("allows the limit's number of accounts from one network, then creates no account, session or message", async () => {
    const limit = LIMITS.signUpPerIp;
    const network = fromAddress("203.0.113.20");
    const signUp = async (email: string) =>
      network((await newClient(t.app)).post("/signup", { fullName: "Chidi Okafor", email, password: "secret-pass-1" }));
    for (let i = 0; i < limit.max; i++) expect((await signUp(`new-${i}@example.com`)).status).toBe(200);
    const before = await snapshot();
    expectRefused(await signUp("one-more@example.com"), limit);
    expect(await snapshot()).toEqual(before);
    expect(await count("users", { email: "one-more@example.com" })).toBe(0);
  });
});

describe("notices to the owner of a registered address", () => {
  it("tells the owner the limit's number of times, then answers the same and records the attempt without a message", async () => {
    const limit = LIMITS.signUpNoticePerAccount;
    const owner = await makeUser(t.db);
    // One network per attempt, so the per-network sign-up limit never decides.
    const signUp = async (i: number) =>
      fromAddress(`198.51.100.${40 + i}`)(
        (await newClient(t.app)).post("/signup", { fullName: "Someone Else", email: owner.email, password: "secret-pass-1" }),
      );
    for (let i = 0; i <= limit.max; i++) expect((await signUp(i)).body).toEqual({ redirect: "/dashboard" });
    expect(await count("email_messages", { user_id: owner.id, kind: "account_exists" })).toBe(limit.max);
    expect(await count("audit_events", { action: "sign_up_existing", subject_id: owner.id })).toBe(limit.max + 1);
  });
});

describe("password resets per network", () => {
  it("allows the limit's number of requests from one network, then queues no message", async () => {
    const limit = LIMITS.resetPerIp;
    const network = fromAddress("203.0.113.30");
    // One account per request, so the per-address limit (lower) never decides.
    const users = await Promise.all(Array.from({ length: limit.max + 1 }, () => makeUser(t.db)));
    const reset = async (email: string) => network((await newClient(t.app)).post("/forgot-password", { email }));
    for (const user of users.slice(0, limit.max)) expect((await reset(user.email)).status).toBe(200);
    expect(await count("email_messages", { kind: "password_reset" })).toBe(limit.max);
    const last = users[limit.max];
    const before = await snapshot();
    expectRefused(await reset(last.email), limit);
    expect(await snapshot()).toEqual(before);
    expect(await count("email_messages", { user_id: last.id })).toBe(0);
  });
});

describe("confirmation resends per account", () => {
  it("sends the limit's number of confirmation e-mails, then answers 429 and sends no more", async () => {
    const limit = LIMITS.confirmResendPerAccount;
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    for (let i = 0; i < limit.max; i++) await client.post("/api/account/confirmation").expect(200);
    expect(await count("email_messages", { user_id: user.id, kind: "email_confirm" })).toBe(limit.max);
    const before = await snapshot();
    expectRefused(await client.post("/api/account/confirmation"), limit);
    expect(await snapshot()).toEqual(before);
    // The limit is the account's: another account still gets its e-mail.
    const other = await makeUser(t.db);
    await (await signedIn(t.app, other)).post("/api/account/confirmation").expect(200);
    expect(await count("email_messages", { user_id: other.id, kind: "email_confirm" })).toBe(1);
  });
});

describe("an IPv6 network", () => {
  // Every address of one /64 is one household's or phone's: rotating through them must not reset a limit.
  const cases: [string, Limit, string, number, (i: number) => object][] = [
    ["sign-ins", LIMITS.signInPerIp, "/signin", 401, (i) => ({ email: `v6-guess-${i}@example.com`, password: "wrong-password" })],
    [
      "sign-ups",
      LIMITS.signUpPerIp,
      "/signup",
      200,
      (i) => ({ fullName: "Chidi Okafor", email: `v6-new-${i}@example.com`, password: "secret-pass-1" }),
    ],
    ["password resets", LIMITS.resetPerIp, "/forgot-password", 200, (i) => ({ email: `v6-reset-${i}@example.com` })],
    [
      "contact messages",
      LIMITS.contactPerIp,
      "/contact",
      200,
      () => ({ name: "Tunde Bakare", email: "tunde@example.com", phone: "0803 123 4567", message: "A UK visa, please." }),
    ],
  ];
  it.each(cases.map((c, n) => [...c, n] as const))(
    "counts %s from every address of one /64 together",
    async (_name, limit, path, allowed, body, n) => {
      // Each request from another address of 2001:db8:n:1::/64, written out in full or shortened.
      const send = async (address: string, i: number) => fromAddress(`2001:db8:${n}:1:${address}`)((await newClient(t.app)).post(path, body(i)));
      for (let i = 0; i < limit.max; i++) expect((await send(`:${(i + 1).toString(16)}`, i)).status).toBe(allowed);
      const before = await snapshot();
      expectRefused(await send("ffff:ffff:ffff:fffe", limit.max), limit);
      expect(await snapshot()).toEqual(before);
    },
    // Thirty sign-ins each check a password hash (argon2, on purpose slow): 9 s on a quiet CI, past 20 s beside other work.
    60_000,
  );
});

describe("a two-factor code", () => {
  it("counts against the sign-ins of its network, from whichever address of the /64 it comes", async () => {
    const limit = LIMITS.signInPerIp;
    const user = await makeUser(t.db, { twoFactor: true });
    const at = (address: string) => fromAddress(`2001:db8:99:1::${address}`);
    for (let i = 1; i < limit.max; i++) {
      await at(i.toString(16))((await newClient(t.app)).post("/signin", { email: `v6-2fa-${i}@example.com`, password: "x" })).expect(401);
    }
    // The password step is the limit's last allowed attempt; the code, from another address of the /64, is one past it.
    const client = await newClient(t.app);
    expect((await at("a1")(client.post("/signin", { email: user.email, password: user.password })).expect(200)).body.pending).toBe(true);
    const before = await snapshot();
    expectRefused(await at("b2")(client.post("/signin/code", { code: await freshCode(user.totpSecret ?? "") })), limit);
    expect(await snapshot()).toEqual(before);
    await client.getJson("/api/session").expect(401);
  }, 60_000);
});
