// Two-factor sign-in: enrolment, the code step, replay, recovery codes, throttling, and staff who must have it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeAt, recoveryCodeHash } from "../../server/auth/totp.ts";
import { findLiveToken, issueToken } from "../../server/models/accountTokens.ts";
import { type Client, createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { freshCode } from "../helpers/twoFactor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const secretOf = (props: { secret: string }) => props.secret.replace(/\s/g, "");
const wrongCode = (secret: string) => String((Number(codeAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");

/** Enrols through the pages: the secret shown, the first code, the recovery codes. */
async function enrol(client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const page = await client.getJson("/account/two-factor").expect(200);
  expect(page.body.props.enabled).toBe(false);
  const secret = secretOf(page.body.props);
  const res = await client.post("/api/account/two-factor", { code: await freshCode(secret) }).expect(200);
  return { secret, recoveryCodes: res.body.recoveryCodes };
}

/** The password step, from `network` when given (else from the test's own address). */
async function passwordStep(user: TestUser, network?: ReturnType<typeof fromAddress>): Promise<Client> {
  const client = await newClient(t.app);
  const step = client.post("/signin", { email: user.email, password: user.password });
  const res = await (network ? network(step) : step).expect(200);
  expect(res.body).toEqual({ redirect: "/signin/code", pending: true });
  return client;
}

describe("two-factor sign-in for an applicant", () => {
  let user: TestUser;
  let secret: string;
  let recoveryCodes: string[];

  it("is turned on with a QR code and the first code, which gives ten recovery codes; the secret is stored encrypted", async () => {
    user = await makeUser(t.db, { fullName: "Amaka Obi" });
    const client = await signedIn(t.app, user);
    const page = await client.getJson("/account/two-factor").expect(200);
    expect(Buffer.from(page.body.props.qrSvg, "base64").toString()).toMatch(/^<svg/);
    // The same key until it is confirmed (a reload does not break a half-done enrolment).
    expect((await client.getJson("/account/two-factor").expect(200)).body.props.secret).toBe(page.body.props.secret);
    const wrong = await client.post("/api/account/two-factor", { code: wrongCode(secretOf(page.body.props)) }).expect(400);
    expect(wrong.body.error.fields.code).toMatch(/not right/);
    ({ secret, recoveryCodes } = await enrol(client));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await t.db("users").where({ id: user.id }).first("totp_secret", "totp_enabled_at");
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_secret).not.toContain(secret);
    const hashes = await t.db("recovery_codes").where({ user_id: user.id }).pluck("code_hash");
    expect(hashes.some((h) => recoveryCodes.includes(h))).toBe(false);
    expect(await t.db("audit_events").where({ action: "two_factor_enabled", subject_id: user.id }).first()).toBeDefined();
    // Once on, the page no longer shows a key; a second enrolment is refused.
    expect((await client.getJson("/account/two-factor").expect(200)).body.props).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await client.post("/api/account/two-factor", { code: codeAt(secret, Date.now()) }).expect(400);
  });

  it("asks for a code after the password; until then nothing is signed in", async () => {
    const client = await passwordStep(user);
    expect((await client.get("/dashboard").expect(303)).headers.location).toBe("/auth?next=%2Fdashboard");
    const wrong = await client.post("/signin/code", { code: wrongCode(secret) }).expect(400);
    expect(wrong.body.error.fields.code).toMatch(/not right/);
    const code = await freshCode(secret);
    const ok = await client.post("/signin/code", { code }).expect(200);
    expect(ok.body.redirect).toBe("/dashboard");
    await client.get("/dashboard").expect(200);
    expect(await t.db("audit_events").where({ action: "sign_in", actor_id: user.id }).first()).toBeDefined();
    // The same code, on another device, in its window: refused.
    const second = await passwordStep(user);
    await second.post("/signin/code", { code }).expect(400);
    await second.get("/dashboard").expect(303);
  });

  it("takes a recovery code once, in any case and without its dash", async () => {
    const [code] = recoveryCodes;
    const a = await passwordStep(user);
    const used = await a.post("/signin/code", { code: code.toUpperCase().replace("-", "") }).expect(200);
    expect(used.body.flash.description).toContain("9 recovery codes left");
    const b = await passwordStep(user);
    await b.post("/signin/code", { code }).expect(400);
  });

  it("counts wrong codes like wrong passwords, and a code without a password step is refused", async () => {
    const other = await makeUser(t.db, { twoFactor: true });
    const client = await passwordStep(other);
    // The password step counted once: nine wrong codes make ten attempts.
    for (let i = 0; i < 9; i++) await client.post("/signin/code", { code: "000000" }).expect(400);
    const blocked = await client.post("/signin/code", { code: await freshCode(other.totpSecret ?? "") }).expect(429);
    expect(blocked.body.error.message).toMatch(/Too many sign-in attempts/);
    const stranger = await newClient(t.app);
    await stranger.post("/signin/code", { code: "123456" }).expect(401);
  });

  it("makes new recovery codes (the old ones stop working), and turns off with the password and a code", async () => {
    // Recovery codes stand in for the app's codes here too (the app's codes of this window are used up).
    const client = await passwordStep(user);
    await client.post("/signin/code", { code: recoveryCodes[2] }).expect(200);
    const renewed = await client.post("/api/account/two-factor/recovery-codes", { code: recoveryCodes[3] }).expect(200);
    const fresh: string[] = renewed.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await passwordStep(user);
    await old.post("/signin/code", { code: recoveryCodes[1] }).expect(400);

    const wrongPassword = await client.post("/api/account/two-factor/disable", { password: "not-my-password", code: fresh[0] }).expect(400);
    expect(wrongPassword.body.error.fields.password).toBe("Password is incorrect");
    await client.post("/api/account/two-factor/disable", { password: user.password, code: fresh[0] }).expect(200);
    expect(await t.db("recovery_codes").where({ user_id: user.id }).count({ n: "*" }).first()).toMatchObject({ n: 0 });
    const plain = await newClient(t.app);
    const res = await plain.post("/signin", { email: user.email, password: user.password }).expect(200);
    expect(res.body.pending).toBeUndefined();
  });
});

describe("staff", () => {
  it("without two-factor reach nothing under /admin and are sent to turn it on; with it, the panel opens", async () => {
    const admin = await makeUser(t.db, { admin: true, twoFactor: false });
    const client = await newClient(t.app);
    const res = await client.post("/signin", { email: admin.email, password: admin.password }).expect(200);
    expect(res.body.redirect).toBe("/account/two-factor");
    expect((await client.get("/admin").expect(303)).headers.location).toBe("/account/two-factor");
    const api = await client.getJson("/admin/analytics");
    expect(api.status).toBe(303);
    const denied = await client.patch("/api/admin/applications/00000000-0000-4000-8000-000000000000/status", { status: "approved" }).expect(403);
    expect(denied.body.error.message).toBe("Turn on two-factor sign-in to use the admin panel.");
    // The password alone does not start a staff enrolment: it needs the one-time link ops gave them.
    const page = await client.getJson("/account/two-factor").expect(200);
    expect(page.body.props).toMatchObject({ staff: true, enabled: false, needsLink: true });
    expect(page.body.props.secret).toBeUndefined();
    await client.post("/api/account/two-factor", { code: "123456" }).expect(403);
    const token = (await issueToken(t.db, admin.id, "staff_enrol")) ?? "";
    // Another account's link, or a made-up one, does nothing.
    const someoneElse = await makeUser(t.db, { admin: true, twoFactor: false });
    const theirs = (await issueToken(t.db, someoneElse.id, "staff_enrol")) ?? "";
    await client.get(`/account/two-factor?enrol=${theirs}`).expect(303);
    expect((await client.getJson("/account/two-factor").expect(200)).body.props.needsLink).toBe(true);
    // The link's token moves into the session; the page's address never carries it.
    expect((await client.get(`/account/two-factor?enrol=${token}`).expect(303)).headers.location).toBe("/account/two-factor");
    await enrol(client);
    await client.get("/admin").expect(200);
    // Used once.
    expect(await findLiveToken(t.db, token, "staff_enrol")).toBeUndefined();
  });

  it("keep two-factor: they cannot turn it off", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const client = await signedIn(t.app, admin);
    const res = await client
      .post("/api/account/two-factor/disable", { password: admin.password, code: await freshCode(admin.totpSecret ?? "") })
      .expect(403);
    expect(res.body.error.message).toBe("Staff accounts keep two-factor sign-in.");
    expect((await t.db("users").where({ id: admin.id }).first("totp_enabled_at")).totp_enabled_at).not.toBeNull();
  });
});

describe("after SESSION_SECRET changes", () => {
  it("refuses the app's codes (their secret is unreadable) without an error, while recovery codes still sign in", async () => {
    // Enrolled under another secret: as if SESSION_SECRET had been rotated since.
    const user = await makeUser(t.db, { twoFactor: true, sessionSecret: "an-older-session-secret-an-older-secret" });
    await t.db("recovery_codes").insert({ user_id: user.id, code_hash: recoveryCodeHash("abcde-23456") });
    // A network of its own: the sign-ins of the cases above, all from one address, have used up its limit.
    const network = fromAddress("203.0.113.60");
    const client = await passwordStep(user, network);
    const refused = await network(client.post("/signin/code", { code: await freshCode(user.totpSecret ?? "") })).expect(400);
    expect(refused.body.error.fields.code).toMatch(/not right/);
    await network(client.post("/signin/code", { code: "abcde-23456" })).expect(200);
    expect((await client.getJson("/account/two-factor").expect(200)).body.props).toMatchObject({ enabled: true, recoveryCodesLeft: 0 });
  });
});
