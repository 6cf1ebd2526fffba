// Accounts: sign-up, sign-in, sign-out, sessions, CSRF, rate limits and redirects.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const sessionCookie = (res: request.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("hg.sid="));

describe("sign-up", () => {
  it("creates the account, hashes the password with argon2id and signs in", async () => {
    const c = await newClient(t.app);
    const res = await c.post("/signup", { fullName: "  Tunde Bakare ", email: " Tunde@Example.com ", password: "Harmattan-mango-42" }).expect(200);
    expect(res.body).toEqual({ redirect: "/dashboard" });
    const row = await t.db("users").where({ email: "tunde@example.com" }).first();
    expect(row.full_name).toBe("Tunde Bakare");
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const dash = await c.get("/dashboard").expect(200);
    expect(dash.text).toContain("Your Visa Applications");
  });

  it("answers a registered address (in any letter case) as a new one, changing nothing, and tells its owner", async () => {
    const owner = await t.db("users").where({ email: "tunde@example.com" }).first("id", "password_hash", "full_name");
    const usersBefore = await t.db("users").count({ n: "*" }).first();
    const c = await newClient(t.app);
    const res = await c.post("/signup", { fullName: "Other", email: "TUNDE@example.com", password: "Harmattan-mango-42" }).expect(200);
    expect(res.body).toEqual({ redirect: "/dashboard" });
    // The same as a plain form post: the success redirect of a new account.
    const form = await (await newClient(t.app)).form("/signup", { fullName: "Other", email: "tunde@example.com", password: "Harmattan-mango-42" });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe("/dashboard");
    // Nothing changed, nobody is signed in as the owner, and the owner gets one e-mail per attempt.
    expect(await t.db("users").count({ n: "*" }).first()).toEqual(usersBefore);
    expect(await t.db("users").where({ id: owner.id }).first("id", "password_hash", "full_name")).toEqual(owner);
    expect((await c.get("/dashboard").expect(303)).headers.location).toMatch(/^\/auth/);
    const told = await t.db("email_messages").where({ user_id: owner.id, kind: "account_exists" });
    expect(told).toHaveLength(2);
    expect(told[0].to_address).toBe("tunde@example.com");
    expect(await t.db("audit_events").where({ action: "sign_up_existing", subject_id: owner.id })).toHaveLength(2);
  });

  it("refuses a short password and a missing name with field errors, creating nothing", async () => {
    const c = await newClient(t.app);
    const before = await t.db("users").count({ n: "*" }).first();
    const short = await c.post("/signup", { fullName: "Bola", email: "bola@example.com", password: "12345" }).expect(400);
    expect(short.body.error.fields.password).toBe("Password must be at least 8 characters");
    const noName = await c.post("/signup", { fullName: "   ", email: "bola@example.com", password: "Harmattan-mango-42" }).expect(400);
    expect(noName.body.error.fields.fullName).toBe("Full name is required");
    const after = await t.db("users").count({ n: "*" }).first();
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a common password, saying why, and creates nothing", async () => {
    const c = await newClient(t.app);
    for (const password of ["password123", "qwertyuiop", "iloveyou1"]) {
      const res = await c.post("/signup", { fullName: "Bola Ade", email: "bola@example.com", password }).expect(400);
      expect(res.body.error.fields.password, password).toMatch(/^This is a (commonly|frequently) used password\. /);
    }
    expect(await t.db("users").where({ email: "bola@example.com" }).first()).toBeUndefined();
  });

  it("gives the sign-up forms the server's password limits", async () => {
    const c = await newClient(t.app);
    // /auth opens on its sign-in tab: the sign-up tab renders from the same props in the browser.
    for (const path of ["/signup", "/auth"]) {
      expect((await c.getJson(path).expect(200)).body.props.passwordRule, path).toEqual({ min: 8, max: 128 });
    }
    const page = await c.get("/signup").expect(200);
    expect(page.text).toContain("Minimum 8 characters. Not a common password or your name.");
    expect(page.text).toMatch(/minLength="8" maxLength="128"/);
  });

  it("works as a plain form post without JavaScript: errors re-render, success redirects", async () => {
    const c = await newClient(t.app);
    const bad = await c.form("/signup", { fullName: "Kemi", email: "kemi@example.com", password: "123" }).expect(400);
    expect(bad.text).toContain("Start Your Journey");
    expect(bad.text).toContain("Password must be at least 8 characters");
    const ok = await c.form("/signup", { fullName: "Kemi", email: "kemi@example.com", password: "Harmattan-mango-42" }).expect(303);
    expect(ok.headers.location).toBe("/dashboard");
    const dash = await c.get("/dashboard").expect(200);
    expect(dash.text).toContain("Account created successfully. Redirecting to dashboard...");
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password, regenerating the session id, and out again, deleting the session row", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    await c.get("/auth").expect(200);
    const res = await c.post("/signin", { email: user.email.toUpperCase(), password: user.password }).expect(200);
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const sid = decodeURIComponent(cookie!.split(";")[0].split("=")[1]).slice(2).split(".")[0];
    expect(await t.db("user_sessions").where({ sid }).first()).toBeDefined();
    const stored = await t.db("user_sessions").where({ sid }).first();
    expect(JSON.stringify(stored.sess)).toContain(user.id);
    expect(JSON.stringify(stored.sess)).not.toContain(user.email);

    const out = await c.post("/signout").expect(200, { redirect: "/auth" });
    expect(out.headers["clear-site-data"]).toBe('"storage"');
    expect(await t.db("user_sessions").where({ sid }).first()).toBeUndefined();
    const after = await c.get("/dashboard").expect(303);
    expect(after.headers.location).toBe("/auth?next=%2Fdashboard");
  });

  it("gives a fresh session id at sign-in (no fixation), and the id held before signs nobody in", async () => {
    // Anonymous visits never store a session (saveUninitialized is off), so the session that exists before this
    // sign-in is a real one: an attacker's own, planted in the victim's browser.
    const attacker = await makeUser(t.db, { fullName: "Planted Session" });
    const victim = await makeUser(t.db, { fullName: "Fixation Victim" });
    const c = await newClient(t.app);
    const first = await c.post("/signin", { email: attacker.email, password: attacker.password }).expect(200);
    const before = sessionCookie(first)?.split(";")[0];
    expect(before).toMatch(/^hg\.sid=s%3A/);
    expect((await c.getJson("/api/session").expect(200)).body.user.fullName).toBe("Planted Session");

    const ok = await c.post("/signin", { email: victim.email, password: victim.password }).expect(200);
    const after = sessionCookie(ok)?.split(";")[0];
    expect(after).toMatch(/^hg\.sid=s%3A/);
    expect(after).not.toBe(before);
    expect((await c.getJson("/api/session").expect(200)).body.user.fullName).toBe("Fixation Victim");
    // Whoever still holds the old id is not signed in as the victim (nor as anyone).
    await request(t.app).get("/api/session").set("Cookie", before!).set("Accept", "application/json").expect(401);
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const wrong = await c.post("/signin", { email: user.email, password: "nope-nope" }).expect(401);
    const unknown = await c.post("/signin", { email: "nobody@example.com", password: "nope-nope" }).expect(401);
    expect(wrong.body).toEqual({ error: { message: "Invalid email or password" } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("returns to a same-site path from /auth and ignores an open redirect", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const ok = await c.post("/signin", { email: user.email, password: user.password, screen: "auth", next: "/checklist/new" }).expect(200);
    expect(ok.body.redirect).toBe("/checklist/new");
    const c2 = await newClient(t.app);
    for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await c2.post("/signin", { email: user.email, password: user.password, screen: "auth", next }).expect(200);
      expect(res.body.redirect).toBe("/dashboard");
    }
  });

  it("sends a signed-in visitor of /auth to the dashboard", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    await c.post("/signin", { email: user.email, password: user.password }).expect(200);
    const res = await c.get("/auth").expect(303);
    expect(res.headers.location).toBe("/dashboard");
  });

  it("reads the account with every request: a revoked admin role and a deleted account take effect at once", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const c = await signedIn(t.app, admin);
    await c.get("/admin").expect(200);
    await t.db("user_roles").where({ user_id: admin.id }).delete();
    expect((await c.get("/admin").expect(303)).headers.location).toBe("/dashboard");
    await c.get("/dashboard").expect(200);
    await t.db("users").where({ id: admin.id }).delete();
    expect((await c.get("/dashboard").expect(303)).headers.location).toBe("/auth?next=%2Fdashboard");
    expect((await c.post("/api/applications", { visa_type: "tourist" })).status).toBe(401);
  });
});

describe("CSRF", () => {
  it("refuses a POST without the token, with a wrong token, and a cross-site one", async () => {
    const user = await makeUser(t.db);
    await request(t.app).post("/signin").send({ email: user.email, password: user.password }).expect(403);
    const c = await newClient(t.app);
    await c.agent.post("/signin").set("X-CSRF-Token", "forged.token").send({ email: user.email, password: user.password }).expect(403);
    const cross = await c.post("/signin", { email: user.email, password: user.password }).set("Origin", "https://evil.example").expect(403);
    expect(cross.body.error.message).toBe("Cross-site request refused.");
    await c.post("/signin", { email: user.email, password: user.password }).set("Sec-Fetch-Site", "cross-site").expect(403);
  });
});

describe("rate limits", () => {
  it("answers 429 after ten sign-in attempts for one account", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    for (let i = 0; i < 10; i++) await c.post("/signin", { email: user.email, password: "wrong-password" }).expect(401);
    const res = await c.post("/signin", { email: user.email, password: user.password }).expect(429);
    expect(res.body.error.message).toMatch(/Too many sign-in attempts/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect((await t.db("rate_limits").where("key", "like", `signin-account:${user.email}|%`).first()).hits).toBe(11);
  });
});
