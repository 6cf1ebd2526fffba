// Password reset against a real SMTP server: one answer for every address, single-use one-hour links, sessions ended.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, fromAddress, newClient } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

let network = 0;

async function requestLink(email: string): Promise<string> {
  const before = t.smtp.received.length;
  const client = await newClient(t.app);
  // Each link from a network of its own: the file asks for more than one network's hourly allowance.
  network += 1;
  await fromAddress(`10.77.${network}.1`)(client.post("/forgot-password", { email })).expect(200, { redirect: "/forgot-password?sent=1" });
  const [mail] = await t.smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && t.smtp.received.indexOf(m) >= before);
  expect(mail.subject).toBe("Reset your password");
  const link = mail.links.find((l) => l.includes("/reset-password?token="));
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(link).searchParams.get("token") ?? "";
}

/** Follows the e-mailed link the way a browser does: the token goes into the session, the page is at the bare address. */
async function openLink(token: string, client?: Client): Promise<Client> {
  const browser = client ?? (await newClient(t.app));
  await browser.get(`/reset-password?token=${token}`).expect(303).expect("Location", "/reset-password");
  return browser;
}

describe("password reset", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const client = await newClient(t.app);
    const res = await client.post("/forgot-password", { email: "nobody-here@example.com" }).expect(200);
    expect(res.body).toEqual({ redirect: "/forgot-password?sent=1" });
    // Mail leaves only through the outbox: no row, no message. A reset asked for afterwards arriving shows the
    // worker has caught up, so a stray message would have come by now.
    expect(await t.db("email_messages").where({ to_address: "nobody-here@example.com" })).toHaveLength(0);
    await requestLink((await makeUser(t.db)).email);
    expect(t.smtp.received.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
    const page = await client.get("/forgot-password?sent=1").expect(200);
    expect(page.text).toContain("If an account uses that address");
  });

  it("e-mails a link that sets a new password, signs the person in and ends every other session", async () => {
    const user = await makeUser(t.db);
    const other = await signedIn(t.app, user);
    await other.getJson("/api/session").expect(200);
    const token = await requestLink(user.email);
    // Only a hash is stored; the token appears in no record.
    const stored = JSON.stringify(await t.db("account_tokens").select("*")) + JSON.stringify(await t.db("email_messages").select("*"));
    expect(stored).not.toContain(token);

    const browser = await openLink(token);
    const page = await browser.get("/reset-password").expect(200);
    expect(page.text).toContain("Choose a new password");
    expect(page.text).not.toContain(token);
    await browser.post("/reset-password", { password: "brand-new-pass-7" }).expect(200, { redirect: "/dashboard" });
    await browser.getJson("/api/session").expect(200);
    await other.getJson("/api/session").expect(401);
    const fresh = await newClient(t.app);
    await fresh.post("/signin", { email: user.email, password: "brand-new-pass-7" }).expect(200);
    await (await newClient(t.app)).post("/signin", { email: user.email, password: user.password }).expect(401);

    // Single use.
    const again = await openLink(token);
    await again.post("/reset-password", { password: "another-pass-8" }).expect(410);
  });

  it("does not sign in a staff or a two-factor account: a mailbox alone never opens the second factor", async () => {
    for (const user of [await makeUser(t.db, { admin: true }), await makeUser(t.db, { twoFactor: true })]) {
      const token = await requestLink(user.email);
      const browser = await openLink(token);
      const res = await browser.post("/reset-password", { password: "Harbour-Lantern-Quay-58" }).expect(200);
      expect(res.body).toEqual({ redirect: "/signin" });
      await browser.getJson("/api/session").expect(401);
      // The new password is set; signing in with it still asks for the code.
      const next = await newClient(t.app);
      const signIn = await next.post("/signin", { email: user.email, password: "Harbour-Lantern-Quay-58" }).expect(200);
      expect(signIn.body).toEqual({ redirect: "/signin/code", pending: true });
    }
  });

  it("gives the form the new password's limits of the account: staff need a longer one", async () => {
    const applicant = await requestLink((await makeUser(t.db)).email);
    const staff = await requestLink((await makeUser(t.db, { admin: true })).email);
    const client = await newClient(t.app);
    await openLink(applicant, client);
    expect((await client.getJson("/reset-password").expect(200)).body.props.passwordRule).toEqual({ min: 8, max: 128 });
    // The link opened last is the one the session holds.
    await openLink(staff, client);
    expect((await client.getJson("/reset-password").expect(200)).body.props.passwordRule).toEqual({ min: 12, max: 128 });
    // The field itself, without JavaScript: its limits and the hint that names them.
    const page = await client.get("/reset-password").expect(200);
    expect(page.text).toMatch(/minLength="12"|minlength="12"/);
    expect(page.text).toContain("Minimum 12 characters. Not a common password or your name.");
    // A refused password re-renders the form with the same limits.
    const refused = await client.form("/reset-password", { password: "short-pass" }).expect(400);
    expect(refused.text).toContain("Password must be at least 12 characters");
    expect(refused.text).toContain("Minimum 12 characters.");
  });

  it("refuses a link after an hour, and one issued before a later password change", async () => {
    const user = await makeUser(t.db);
    const expired = await requestLink(user.email);
    await t
      .db("account_tokens")
      .where({ user_id: user.id })
      .update({ expires_at: t.db.raw("now() - interval '1 second'") });
    const late = await openLink(expired);
    expect((await late.get("/reset-password").expect(410)).text).toContain("Send me a new link");
    await late.post("/reset-password", { password: "whatever-pass-1" }).expect(410);

    // Opened before its expiry, sent after it: still refused.
    const slow = await requestLink(user.email);
    const waited = await openLink(slow);
    await t
      .db("account_tokens")
      .where({ user_id: user.id })
      .update({ expires_at: t.db.raw("now() - interval '1 second'") });
    await waited.post("/reset-password", { password: "whatever-pass-2" }).expect(410);

    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    const holdsFirst = await openLink(first);
    await (await openLink(second)).post("/reset-password", { password: "changed-pass-22" }).expect(200);
    const res = await holdsFirst.post("/reset-password", { password: "hijack-pass-33" }).expect(410);
    expect(res.body.error.message).toMatch(/expired or has already been used/);
    const page = await (await openLink(first)).get("/reset-password").expect(410);
    expect(page.text).toContain("Send me a new link");
  });

  it("works as plain form posts and validates the new password", async () => {
    const user = await makeUser(t.db);
    const client = await newClient(t.app);
    await client.form("/forgot-password", { email: user.email }).expect(303).expect("Location", "/forgot-password?sent=1");
    const mail = await t.smtp.waitFor((m) => m.to.includes(user.email));
    const token = new URL(mail[0].links.find((l) => l.includes("token=")) ?? "").searchParams.get("token") ?? "";
    await openLink(token, client);
    const short = await client.post("/reset-password", { password: "123" }).expect(400);
    expect(short.body.error.fields.password).toMatch(/at least 8/);
    await client.form("/reset-password", { password: "form-post-pass-9" }).expect(303).expect("Location", "/dashboard");
  });

  it("limits requests per address", async () => {
    const client = await newClient(t.app);
    for (let i = 0; i < 5; i++) await client.post("/forgot-password", { email: "limited@example.com" }).expect(200);
    const res = await client.post("/forgot-password", { email: "Limited@example.com" }).expect(429);
    expect(res.body.error.message).toMatch(/Too many password reset requests for this address/);
  });
});

/** The reset form posted from another site's page. */
const crossSite = (client: Client, password = "cross-site-pass-12") =>
  client.form("/reset-password", { password }).set("Origin", "https://evil.example").expect(403);

describe("the link's token", () => {
  it("leaves the address for the session: the page is token-free and keeps the site's referrer policy", async () => {
    const token = await requestLink((await makeUser(t.db)).email);
    const browser = await newClient(t.app);
    const moved = await browser.get(`/reset-password?token=${token}`).expect(303).expect("Location", "/reset-password");
    expect(moved.headers["referrer-policy"]).toBe("no-referrer");
    const page = await browser.get("/reset-password").expect(200);
    // With no-referrer, Chromium sent Origin: null on the form's plain post, and the origin check refused it.
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.text).toContain('action="/reset-password"');
    expect(page.text).not.toContain(token);
    expect(page.text).not.toContain('name="token"');
  });

  it("is bound to the session that opened the link: another browser, or a token sent in the form, is refused", async () => {
    const user = await makeUser(t.db);
    const token = await requestLink(user.email);
    const holder = await openLink(token);
    const stranger = await newClient(t.app);
    const refused = await stranger.form("/reset-password", { token, password: "stranger-pass-41" }).expect(410);
    expect(refused.text).toContain("This link has expired or has already been used");
    expect(refused.text).toContain("Send me a new link");
    expect(refused.text).not.toContain("Unexpected Application Error!");
    const json = await stranger.post("/reset-password", { token, password: "stranger-pass-41" }).expect(410);
    expect(json.body.error.message).toMatch(/expired or has already been used/);
    // Nothing changed: the old password still signs in, and the link still works where it was opened.
    await (await newClient(t.app)).post("/signin", { email: user.email, password: user.password }).expect(200);
    await holder.form("/reset-password", { password: "holder-pass-42" }).expect(303).expect("Location", "/dashboard");
    // Used up: the session no longer holds it.
    expect((await holder.get("/reset-password").expect(410)).text).toContain("Send me a new link");
  });

  it("answers a refused post with the form and its message, changing nothing", async () => {
    const user = await makeUser(t.db);
    const browser = await openLink(await requestLink(user.email));
    const cross = await crossSite(browser, "cross-site-pass-12");
    expect(cross.text).toContain("Cross-site request refused.");
    expect(cross.text).toContain('action="/reset-password"');
    expect(cross.text).not.toContain("Unexpected Application Error!");
    expect(cross.text).not.toContain("cross-site-pass-12");
    // A page kept open past its security token: the form again, with a fresh token to send it with.
    const stale = await browser.agent.post("/reset-password").type("form").send({ password: "no-token-pass-13" }).expect(403);
    expect(stale.text).toContain("Your security token is missing or has expired.");
    expect(stale.text).toContain('action="/reset-password"');
    await (await newClient(t.app)).post("/signin", { email: user.email, password: user.password }).expect(200);
    await browser.form("/reset-password", { password: "after-refusal-14" }).expect(303).expect("Location", "/dashboard");
    // A forged post to a browser that holds no link is still a cross-site refusal.
    const none = await crossSite(await newClient(t.app));
    expect(none.text).toContain("Send me a new link");
  });
});

describe("logs", () => {
  it("never carry the token or the password", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { createLogger } = await import("../../server/middleware/logging.ts");
    const { createApp } = await import("../../server/app.ts");
    const app = createApp({ db: t.db, config: t.config, logger: createLogger("info", sink) });
    const user = await makeUser(t.db);
    const token = await requestLink(user.email);
    const client = await newClient(app);
    await client.get(`/reset-password?token=${token}`).expect(303);
    await client.post("/reset-password", { password: "secret-in-logs-5" }).expect(200);
    const all = lines.join("");
    expect(all).toContain("/reset-password");
    expect(all).not.toContain(token);
    expect(all).not.toContain("secret-in-logs-5");
  });
});
