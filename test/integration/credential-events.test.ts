// No account is taken over through a kept link: every credential event voids every outstanding link of the account
// (of every purpose) and ends its other sessions, and a link e-mail queued before such an event is never sent.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLiveToken, issueToken, type TokenPurpose } from "../../server/models/accountTokens.ts";
import { type Client, newClient } from "../helpers/app.ts";
import { siteCommand } from "../helpers/commands.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp, startTestWorker } from "../helpers/mail.ts";
import { freshCode } from "../helpers/twoFactor.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
// The worker running now (withMailHeld replaces the first one), then what close() would stop besides.
afterAll(async () => {
  await t.worker.stop();
  await t.smtp.stop();
  await t.drop();
});

/** Runs `change` while no worker delivers, so what it queues waits in the outbox; then delivery starts again. */
async function withMailHeld(change: () => Promise<void>): Promise<void> {
  await t.worker.stop();
  try {
    await change();
  } finally {
    t.worker = await startTestWorker(t, { SMTP_URL: t.smtp.url, PUBLIC_URL: BASE_URL });
  }
}

/** The status of the message to `to` once the worker has dealt with it. */
async function settledStatus(to: string): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const row = await t.db("email_messages").where({ to_address: to }).first("status");
    if (row && row.status !== "queued") return row.status;
    await new Promise((r) => setTimeout(r, 100));
  }
  return "queued";
}

const STRONG = "Lagoon-Harmattan-Ferry-42";
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const linkOf = (links: string[], p: string) => links.find((l) => l.includes(`${p}?token=`)) ?? "";

/** One outstanding link of every purpose for the account, as if each e-mail had just been sent. */
async function linksOfEveryPurpose(user: TestUser): Promise<[TokenPurpose, string][]> {
  const purposes: TokenPurpose[] = ["password_reset", "email_confirm", "email_change", "staff_enrol"];
  return Promise.all(
    purposes.map(
      async (p) =>
        [p, (await issueToken(t.db, user.id, p, p === "email_change" ? `${user.id}@elsewhere.example` : undefined)) ?? ""] as [TokenPurpose, string],
    ),
  );
}
async function liveLinks(links: [TokenPurpose, string][]): Promise<TokenPurpose[]> {
  const live: TokenPurpose[] = [];
  for (const [purpose, token] of links) if (await findLiveToken(t.db, token, purpose)) live.push(purpose);
  return live;
}
const signedOut = async (client: Client) => (await client.get("/dashboard")).status === 303;

function adminCli(args: string[], input = ""): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...siteCommand("admin"), ...args], {
      env: { ...process.env, DATABASE_URL: t.url, PUBLIC_URL: BASE_URL },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, out, err }));
    child.stdin.end(input);
  });
}

describe("a kept e-mail-change link", () => {
  it("dies when the owner resets the password: the attacker cannot take the account over", async () => {
    const owner = await makeUser(t.db, { fullName: "Bisi Adewale", email: "bisi@example.com" });
    // 1. Someone who once knew the password asks to move the account to their own address and keeps the link.
    const attacker = await signedIn(t.app, owner);
    await attacker.post("/api/account/email", { email: "mallory@example.net", password: owner.password }).expect(200);
    const [confirm] = await t.smtp.waitFor((m) => m.to.includes("mallory@example.net") && m.subject === "Confirm your new e-mail address");
    const kept = pathOf(linkOf(confirm.links, "/confirm-email-change"));
    // 2. The owner is told, and resets the password from the e-mailed link.
    await t.smtp.waitFor((m) => m.to.includes("bisi@example.com") && m.subject.includes("being changed"));
    const ownerBrowser = await newClient(t.app);
    await ownerBrowser.form("/forgot-password", { email: "bisi@example.com" }).expect(303);
    const [reset] = await t.smtp.waitFor((m) => m.to.includes("bisi@example.com") && m.subject === "Reset your password");
    await ownerBrowser.get(pathOf(linkOf(reset.links, "/reset-password"))).expect(303);
    await ownerBrowser.post("/reset-password", { password: "Owner-took-it-back-77" }).expect(200);
    expect(await signedOut(attacker)).toBe(true);
    // 3. The kept link no longer changes the address; the owner's new password still signs in.
    const stranger = await newClient(t.app);
    await stranger.get(kept).expect(303);
    expect((await stranger.getJson("/signin").expect(200)).body.shared.flash?.title).toBe("Link not valid");
    expect((await t.db("users").where({ id: owner.id }).first("email")).email).toBe("bisi@example.com");
    await (await newClient(t.app)).post("/signin", { email: "bisi@example.com", password: "Owner-took-it-back-77" }).expect(200);
  });

  it("queued before the reset is never sent, so no fresh link is made for it after", async () => {
    // Mail waits in the outbox while the owner changes the password: no worker delivers until that is done.
    await withMailHeld(async () => {
      const owner = await makeUser(t.db, { email: "kunle@example.com" });
      const attacker = await signedIn(t.app, owner);
      await attacker.post("/api/account/email", { email: "eve@example.net", password: owner.password }).expect(200);
      await (await signedIn(t.app, owner)).post("/api/account/password", { currentPassword: owner.password, newPassword: STRONG }).expect(200);
    });
    expect(await settledStatus("eve@example.net")).toBe("not_sent");
    expect(t.smtp.received.some((m) => m.to.includes("eve@example.net"))).toBe(false);
    expect(await t.db("account_tokens").where({ purpose: "email_change", new_email: "eve@example.net" }).first()).toBeUndefined();
  });
});

describe("every credential event voids every outstanding link and ends the other sessions", () => {
  it("a password change (the session that made it stays)", async () => {
    const user = await makeUser(t.db);
    const other = await signedIn(t.app, user);
    const me = await signedIn(t.app, user);
    const links = await linksOfEveryPurpose(user);
    expect(await liveLinks(links)).toHaveLength(4);
    await me.post("/api/account/password", { currentPassword: user.password, newPassword: STRONG }).expect(200);
    expect(await liveLinks(links)).toEqual([]);
    expect(await signedOut(other)).toBe(true);
    expect(await signedOut(me)).toBe(false);
  });

  it("an e-mail change confirmed", async () => {
    const user = await makeUser(t.db, { email: "ada.old@example.com" });
    const other = await signedIn(t.app, user);
    const me = await signedIn(t.app, user);
    await me.post("/api/account/email", { email: "ada.new@example.com", password: user.password }).expect(200);
    const [confirm] = await t.smtp.waitFor((m) => m.to.includes("ada.new@example.com"));
    const links = await linksOfEveryPurpose(user);
    await me.get(pathOf(linkOf(confirm.links, "/confirm-email-change"))).expect(303);
    expect((await t.db("users").where({ id: user.id }).first("email")).email).toBe("ada.new@example.com");
    expect(await liveLinks(links)).toEqual([]);
    expect(await signedOut(other)).toBe(true);
    expect(await signedOut(me)).toBe(false);
  });

  it("two-factor turned on, then off", { timeout: 70_000 }, async () => {
    const user = await makeUser(t.db);
    const other = await signedIn(t.app, user);
    const me = await signedIn(t.app, user);
    const secret = (await me.getJson("/account/two-factor").expect(200)).body.props.secret.replace(/\s/g, "");
    let links = await linksOfEveryPurpose(user);
    await me.post("/api/account/two-factor", { code: await freshCode(secret) }).expect(200);
    expect(await liveLinks(links)).toEqual([]);
    expect(await signedOut(other)).toBe(true);
    const [on] = await t.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === "Two-factor sign-in was turned on");
    expect(on.text).toContain("Every other device was signed out");

    const again = await signedIn(t.app, { ...user, totpSecret: secret });
    links = await linksOfEveryPurpose(user);
    await me.post("/api/account/two-factor/disable", { password: user.password, code: await freshCode(secret) }).expect(200);
    expect(await liveLinks(links)).toEqual([]);
    expect(await signedOut(again)).toBe(true);
    expect(await signedOut(me)).toBe(false);
    await t.smtp.waitFor((m) => m.to.includes(user.email) && m.subject === "Two-factor sign-in was turned off");
  });

  it("admin:create --promote, which also clears a second factor and recovery codes someone else set up", { timeout: 60_000 }, async () => {
    const user = await makeUser(t.db, { twoFactor: true });
    await t.db("users").where({ id: user.id }).update({ email_confirmed_at: new Date() });
    await t.db("recovery_codes").insert({ user_id: user.id, code_hash: "x".repeat(64) });
    const session = await signedIn(t.app, user);
    const links = await linksOfEveryPurpose(user);
    const res = await adminCli(["create", "--email", user.email, "--promote", "--password-stdin"], `${STRONG}\n`);
    expect(res.code, res.err).toBe(0);
    expect(await liveLinks(links)).toEqual([]);
    expect(await signedOut(session)).toBe(true);
    const row = await t.db("users").where({ id: user.id }).first("totp_secret", "totp_enabled_at");
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(await t.db("recovery_codes").where({ user_id: user.id }).first()).toBeUndefined();
    // The new staff member starts two-factor from the printed one-time link.
    expect(res.out).toMatch(/Two-factor set-up link .*: https:\/\/site\.test\/account\/two-factor\?enrol=\S+/);
  });

  it("admin:revoke and admin:reset-2fa", { timeout: 60_000 }, async () => {
    for (const command of ["revoke", "reset-2fa"]) {
      const staff = await makeUser(t.db, { admin: true });
      const session = await signedIn(t.app, staff);
      const links = await linksOfEveryPurpose(staff);
      const res = await adminCli([command, "--email", staff.email]);
      expect(res.code, res.err).toBe(0);
      expect(await liveLinks(links), command).toEqual([]);
      expect(await signedOut(session), command).toBe(true);
    }
  });
});

describe("link e-mails", () => {
  it("are not sent to an address that is no longer the account's", async () => {
    const user = await makeUser(t.db, { email: "femi.old@example.com" });
    await withMailHeld(async () => {
      await (await newClient(t.app)).form("/forgot-password", { email: "femi.old@example.com" }).expect(303);
      // The address changes (by ops, say) while the reset e-mail waits.
      await t.db("users").where({ id: user.id }).update({ email: "femi.new@example.com" });
    });
    expect(await settledStatus("femi.old@example.com")).toBe("not_sent");
    expect(await t.db("account_tokens").where({ user_id: user.id }).first()).toBeUndefined();
  });
});
