import { spawnSync } from "node:child_process";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveKey } from "../../server/auth/keys.ts";
import { loadConfig, localPortMismatch, PUBLIC_URL_REQUIRED, ROOT_DIR } from "../../server/config.ts";
import { networkOf } from "../../server/middleware/rateLimit.ts";
import { createTestApp, fromAddress, newClient, type TestApp } from "../helpers/app.ts";
import { siteCommand } from "../helpers/commands.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  // X-Forwarded-For is trusted from loopback (the default), which is where supertest connects from.
  t = await createTestApp();
});
afterAll(() => t.drop());

const cookies = (res: request.Response) => ([] as string[]).concat(res.headers["set-cookie"] ?? []);

describe("sign-in throttling", () => {
  it("throttles one account from one network, while its owner elsewhere still signs in", async () => {
    const user = await makeUser(t.db);
    const attacker = await newClient(t.app);
    for (let i = 0; i < 10; i++)
      await fromAddress("203.0.113.7")(attacker.post("/signin", { email: user.email, password: "wrong-password" })).expect(401);
    const blocked = await fromAddress("203.0.113.7")(attacker.post("/signin", { email: user.email, password: user.password })).expect(429);
    expect(blocked.body.error.message).toMatch(/Too many sign-in attempts for this account from your network/);

    const owner = await newClient(t.app);
    await fromAddress("198.51.100.20")(owner.post("/signin", { email: user.email, password: user.password })).expect(200);
  });

  it("counts an IPv6 /64 as one network", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    for (let i = 0; i < 10; i++) {
      await fromAddress(`2001:db8:1:2::${(i + 1).toString(16)}`)(c.post("/signin", { email: user.email, password: "wrong-password" })).expect(401);
    }
    await fromAddress("2001:db8:1:2:ffff::1")(c.post("/signin", { email: user.email, password: user.password })).expect(429);
    await fromAddress("2001:db8:1:3::1")(c.post("/signin", { email: user.email, password: user.password })).expect(200);
  });

  it("clears the account's counter for that network after a successful sign-in", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    for (let i = 0; i < 9; i++) await fromAddress("192.0.2.9")(c.post("/signin", { email: user.email, password: "wrong-password" })).expect(401);
    await fromAddress("192.0.2.9")(c.post("/signin", { email: user.email, password: user.password })).expect(200);
    expect(await t.db("rate_limits").where("key", "like", `signin-account:${user.email}|%`).first()).toBeUndefined();
    const again = await newClient(t.app);
    for (let i = 0; i < 9; i++) await fromAddress("192.0.2.9")(again.post("/signin", { email: user.email, password: "wrong-password" })).expect(401);
    await fromAddress("192.0.2.9")(again.post("/signin", { email: user.email, password: user.password })).expect(200);
  });

  it("names the network of an address", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });
});

describe("CSRF tokens", () => {
  it("are signed with their own key: a session cookie's signature is no token", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const res = await c.post("/signin", { email: user.email, password: user.password }).expect(200);
    // The session cookie is `s:<sid>.<HMAC(sid)>`: once, the same key signed CSRF tokens `<nonce>.<HMAC(nonce)>`.
    const signed = decodeURIComponent(
      cookies(res)
        .find((v) => v.startsWith("hg.sid="))
        ?.split(";")[0]
        .slice("hg.sid=s:".length) ?? "",
    );
    const [sid, mac] = signed.split(".");
    const forged = `${sid}.${mac.replaceAll("+", "-").replaceAll("/", "_")}`;
    const other = await newClient(t.app);
    const refused = await other.agent
      .post("/signin")
      .set("Cookie", `hg.csrf=${forged}`)
      .set("X-CSRF-Token", forged)
      .send({ email: user.email, password: user.password });
    expect(refused.status).toBe(403);
    expect(t.config.session.cookieKey).not.toBe(t.config.session.csrfKey);
    expect(deriveKey("x".repeat(40), "csrf-token")).not.toBe(deriveKey("x".repeat(40), "session-cookie"));
  });

  it("rotate at sign-in and are bound to the session: an anonymous token no longer works once signed in", async () => {
    const user = await makeUser(t.db);
    const c = await newClient(t.app);
    const anonymous = c.token;
    const res = await c.post("/signin", { email: user.email, password: user.password }).expect(200);
    expect(cookies(res).some((v) => v.startsWith("hg.csrf="))).toBe(true);
    expect(c.token).not.toBe(anonymous);
    const stale = await c.agent
      .post("/api/applications")
      .set("Accept", "application/json")
      .set("Cookie", `hg.csrf=${anonymous}`)
      .set("X-CSRF-Token", anonymous)
      .send({ visa_type: "tourist" });
    expect(stale.status).toBe(403);
    expect(await t.db("visa_applications").where({ user_id: user.id }).first()).toBeUndefined();
    await c.post("/api/applications", { visa_type: "tourist" }).expect(201);
  });

  it("from one signed-in session are refused in another", async () => {
    const user = await makeUser(t.db);
    const a = await signedIn(t.app, user);
    const b = await signedIn(t.app, user);
    const res = await b.agent.post("/api/applications").set("Accept", "application/json").set("X-CSRF-Token", a.token).send({ visa_type: "tourist" });
    expect(res.status).toBe(403);
  });
});

describe("cookies over HTTPS", () => {
  it("take the __Host- prefix, Secure and path / when the request came over HTTPS through a trusted proxy", async () => {
    const user = await makeUser(t.db);
    // A browser sends Secure cookies back over HTTPS only; supertest speaks plain HTTP to the app, so the test carries
    // them by hand.
    const https = (r: request.Test) => r.set("X-Forwarded-Proto", "https");
    const first = await https(request(t.app).get("/api/csrf")).expect(200);
    const csrf = cookies(first).find((v) => v.startsWith("__Host-hg.csrf="));
    expect(csrf).toMatch(/; Path=\/;.*Secure/);
    expect(csrf).not.toMatch(/Domain=/i);
    const res = await https(request(t.app).post("/signin"))
      .set("Accept", "application/json")
      .set("Cookie", csrf?.split(";")[0] ?? "")
      .set("X-CSRF-Token", first.body.token)
      .send({ email: user.email, password: user.password })
      .expect(200);
    const sid = cookies(res).find((v) => v.startsWith("__Host-hg.sid="));
    expect(sid).toMatch(/Secure/);
    expect(sid).toMatch(/HttpOnly/);
    const page = await https(request(t.app).get("/dashboard"))
      .set("Cookie", sid?.split(";")[0] ?? "")
      .expect(200);
    expect(page.text).toContain("Your Visa Applications");
  });
});

describe("absolute session lifetime", () => {
  it("sends a session past its lifetime to /auth instead of failing", async () => {
    const user = await makeUser(t.db);
    const c = await signedIn(t.app, user);
    await c.get("/dashboard").expect(200);
    const longAgo = Date.now() - t.config.session.maxAgeMs - 60_000;
    await t.db.raw(
      `UPDATE user_sessions SET sess = jsonb_set(sess::jsonb, '{startedAt}', to_jsonb(?::bigint))::json WHERE sess::jsonb #>> '{passport,user}' = ?`,
      [longAgo, user.id],
    );
    const page = await c.get("/dashboard").expect(303);
    expect(page.headers.location).toBe("/auth?next=%2Fdashboard");
    expect((await c.post("/api/applications", { visa_type: "tourist" })).status).toBe(401);
  });
});

describe("settings refused at start-up", () => {
  const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(40) };
  it("refuses TRUST_PROXY=true and accepts a hop count or addresses", () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true" }, () => {})).toThrow(/TRUST_PROXY: true is not accepted/);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }, () => {}).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8" }, () => {}).trustProxy).toBe("10.0.0.0/8");
  });

  it("accepts only https: URLs for social links and the public URL", () => {
    expect(() => loadConfig({ ...base, SOCIAL_FACEBOOK: "http://facebook.com/x" }, () => {})).toThrow(/SOCIAL_FACEBOOK: must be an https: URL/);
    expect(() => loadConfig({ ...base, SOCIAL_LINKEDIN: "javascript:alert(1)" }, () => {})).toThrow(/SOCIAL_LINKEDIN/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: "http://horizongate.ng" }, () => {})).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...base, PUBLIC_URL: "http://localhost:3000" }, () => {}).publicUrl).toBe("http://localhost:3000");
  });

  it("requires PUBLIC_URL in production only", () => {
    const production = { ...base, NODE_ENV: "production" };
    expect(() => loadConfig(production, () => {})).toThrow(PUBLIC_URL_REQUIRED);
    expect(loadConfig({ ...production, PUBLIC_URL: "https://horizongate.ng/" }, () => {}).publicUrl).toBe("https://horizongate.ng");
    expect(loadConfig(base, () => {}).publicUrl).toBeUndefined();
  });

  it("a site started on this machine refuses a PUBLIC_URL naming another port than PORT, and says what to run", () => {
    expect(localPortMismatch("http://localhost:3000", 3000)).toBeUndefined();
    expect(localPortMismatch("http://127.0.0.1", 80)).toBeUndefined();
    expect(localPortMismatch("https://horizongate.ng", 3000)).toBeUndefined(); // a proxy in front: its own port
    expect(localPortMismatch("http://localhost:3000", 0)).toBeUndefined(); // a port the system picks
    expect(localPortMismatch(undefined, 4000)).toBeUndefined();
    expect(localPortMismatch("http://localhost:3000", 4000)).toBe(
      "PUBLIC_URL is http://localhost:3000 but the site would listen on port 4000 (PORT): its links and e-mails would point at port 3000, " +
        "where it does not answer. Start it with PUBLIC_URL=http://localhost:4000 PORT=4000, or with PORT=3000.",
    );
    expect(localPortMismatch("http://127.0.0.1:8080", 3000)).toMatch(
      /^PUBLIC_URL is http:\/\/127\.0\.0\.1:8080 but .* PUBLIC_URL=http:\/\/127\.0\.0\.1:3000 PORT=3000/,
    );
  });

  it("a production server whose local PUBLIC_URL names another port stops at once with that sentence, no stack trace", { timeout: 60_000 }, () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...base,
      NODE_ENV: "production",
      DATABASE_URL: t.url,
      PORT: "4123",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    };
    const r = spawnSync(process.execPath, siteCommand("index"), { cwd: ROOT_DIR, env, encoding: "utf8", timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toBe(localPortMismatch("http://localhost:3000", 4123));
  });

  it("a production server without PUBLIC_URL stops at once with that one sentence, no stack trace", { timeout: 60_000 }, () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...base, NODE_ENV: "production", DATABASE_URL: t.url, PORT: "0", LOG_LEVEL: "silent" };
    delete env.PUBLIC_URL;
    const r = spawnSync(process.execPath, siteCommand("index"), { cwd: ROOT_DIR, env, encoding: "utf8", timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toBe(PUBLIC_URL_REQUIRED);
  });
});
