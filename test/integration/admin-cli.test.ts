// The admin commands: a new admin, the refused take-over of an existing account, promotion, revocation, and the
// password never taken from the command line.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/passwords.ts";
import { createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { siteCommand } from "../helpers/commands.ts";
import { makeConsultant, makeConsultationType, makeFeed } from "../helpers/consultations.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const STRONG = "Lagoon-Harmattan-Ferry-42";
/**
 * Each test starts the command up to three times, and each start loads the built site and hashes with argon2: about
 * 2 s on a quiet machine, 10 s when the machine is busy with other work. A minute each, not half of one.
 */
const CLI_TIMEOUT = 60_000;

/** Runs `admin.ts <args>` against the test database with `input` on standard input (not a terminal). */
function admin(args: string[], input = ""): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...siteCommand("admin"), ...args], {
      env: { ...process.env, DATABASE_URL: t.url },
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

const isAdmin = async (userId: string) => Boolean(await t.db("user_roles").where({ user_id: userId, role: "admin" }).first());
const user = (email: string) => t.db("users").where({ email }).first();
const audits = (action: string, subjectId: string) => t.db("audit_events").where({ action, subject_id: subjectId });
/** An operator's entry: no account acts; the command and the machine's user are named. */
const byOperator = (details: Record<string, unknown> = {}) => ({
  actor_id: null,
  details: { via: "cli", osUser: process.env.SUDO_USER ?? process.env.USER ?? null, ...details },
});
const entry = async (action: string, subjectId: string) => (await audits(action, subjectId).first("actor_id", "details")) as unknown;

describe("admin:create", () => {
  it("creates an admin with a generated password printed once", { timeout: CLI_TIMEOUT }, async () => {
    const res = await admin(["create", "--email", "new.admin@example.com", "--name", "Ifeoma Nwosu"]);
    expect(res.code, res.err).toBe(0);
    const password = res.out.match(/Password \(shown once[^)]*\): (\S+)/)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = await user("new.admin@example.com");
    expect(await verifyPassword(row.password_hash, password)).toBe(true);
    expect(await isAdmin(row.id)).toBe(true);
    expect(await audits("role_granted", row.id)).toHaveLength(1);
    expect(await entry("role_granted", row.id)).toEqual(byOperator({ created: true, role: "admin" }));
  });

  it("takes the password from standard input, and refuses a short or common one", { timeout: CLI_TIMEOUT }, async () => {
    const short = await admin(["create", "--email", "short@example.com", "--name", "Short", "--password-stdin"], "short-pass\n");
    expect(short.code).toBe(1);
    expect(short.err).toContain("Password must be at least 12 characters");
    const common = await admin(["create", "--email", "common@example.com", "--name", "Common", "--password-stdin"], "password1234\n");
    expect(common.code).toBe(1);
    expect(common.err).toMatch(/commonly used|easy to guess/);
    expect(await user("short@example.com")).toBeUndefined();
    expect(await user("common@example.com")).toBeUndefined();

    const ok = await admin(["create", "--email", "stdin@example.com", "--name", "Stdin Admin", "--password-stdin"], `${STRONG}\n`);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).not.toContain(STRONG);
    expect(await verifyPassword((await user("stdin@example.com")).password_hash, STRONG)).toBe(true);
  });

  it("refuses a password given as an argument", { timeout: CLI_TIMEOUT }, async () => {
    const res = await admin(["create", "--email", "argv@example.com", "--name", "Argv", "--password", STRONG]);
    expect(res.code).toBe(2);
    expect(res.err).toContain("--password is refused");
    expect(await user("argv@example.com")).toBeUndefined();
  });

  it("does not hand the role to whoever registered the address first", { timeout: CLI_TIMEOUT }, async () => {
    // The attack: someone signs up support@ before ops makes it an admin, keeping the password they chose.
    const squatter = await makeUser(t.db, { email: "support@example.com", fullName: "Not Staff" });
    const res = await admin(["create", "--email", "support@example.com", "--name", "Support Desk"]);
    expect(res.code).toBe(1);
    expect(res.err).toContain("already has an account");
    expect(await isAdmin(squatter.id)).toBe(false);
    expect(await verifyPassword((await user("support@example.com")).password_hash, squatter.password)).toBe(true);
  });

  it("--promote refuses an address its owner has not confirmed", { timeout: CLI_TIMEOUT }, async () => {
    const squatter = await makeUser(t.db, { email: "info@example.com", fullName: "Not Staff Either" });
    const res = await admin(["create", "--email", "info@example.com", "--promote", "--password-stdin"], `${STRONG}\n`);
    expect(res.code).toBe(1);
    expect(res.err).toContain("has not confirmed its address");
    expect(await isAdmin(squatter.id)).toBe(false);
    expect(await verifyPassword((await user("info@example.com")).password_hash, squatter.password)).toBe(true);
  });

  it("--promote sets a new password, ends the account's sessions and grants the role", { timeout: CLI_TIMEOUT }, async () => {
    const staff = await makeUser(t.db, { email: "promoted@example.com", fullName: "Tolu Bello" });
    await t.db("users").where({ id: staff.id }).update({ email_confirmed_at: new Date() });
    const session = await signedIn(t.app, staff);
    await session.getJson("/dashboard").expect(200);
    const res = await admin(["create", "--email", "promoted@example.com", "--promote", "--password-stdin"], `${STRONG}\n`);
    expect(res.code, res.err).toBe(0);
    expect(await isAdmin(staff.id)).toBe(true);
    const row = await user("promoted@example.com");
    expect(await verifyPassword(row.password_hash, staff.password)).toBe(false);
    expect(await verifyPassword(row.password_hash, STRONG)).toBe(true);
    // The old session is gone: the next request is a signed-out visitor's.
    const after = await session.get("/dashboard").expect(303);
    expect(after.headers.location).toMatch(/^\/auth/);
    expect(await audits("role_granted", staff.id)).toHaveLength(1);
    expect(await entry("role_granted", staff.id)).toEqual(byOperator({ promoted: true, role: "admin" }));
  });
});

describe("admin:revoke", () => {
  it("removes the role, ends the sessions and records it", { timeout: CLI_TIMEOUT }, async () => {
    const staff = await makeUser(t.db, { admin: true });
    const session = await signedIn(t.app, staff);
    const res = await admin(["revoke", "--email", staff.email]);
    expect(res.code, res.err).toBe(0);
    expect(await isAdmin(staff.id)).toBe(false);
    expect((await session.get("/admin").expect(303)).headers.location).toMatch(/^\/auth/);
    expect(await audits("role_revoked", staff.id)).toHaveLength(1);
    expect(await entry("role_revoked", staff.id)).toEqual(byOperator());
  });

  it("ends the calendar feed in the same change, for good, and hands the coming consultations to a free colleague", {
    timeout: CLI_TIMEOUT,
  }, async () => {
    const staff = await makeConsultant(t.db, { fullName: "Revoked Consultant" });
    const colleague = await makeConsultant(t.db, { fullName: "Staying Consultant" });
    const feed = await makeFeed(await signedIn(t.app, staff));
    await (await newClient(t.app)).get(feed).expect(200);
    const typeId = await makeConsultationType(t.db);
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    startsAt.setUTCHours(10, 0, 0, 0);
    const [booking] = await t
      .db("bookings")
      .insert({
        type_id: typeId,
        staff_id: staff.id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 30 * 60_000),
        blocked_until: new Date(startsAt.getTime() + 45 * 60_000),
        name: "Kemi Lawal",
        email: "revoked.client@example.com",
        phone: "08031234567",
        destination: "Germany",
        visa_type: "work",
        uid: "revoked-client@test",
      })
      .returning("id");

    const res = await admin(["revoke", "--email", staff.email]);
    expect(res.code, res.err).toBe(0);
    await (await newClient(t.app)).get(feed).expect(404);
    // Made staff again later, the old address stays dead.
    await t.db("user_roles").insert({ user_id: staff.id, role: "admin" });
    await (await newClient(t.app)).get(feed).expect(404);
    expect(res.out).toContain("Coming consultations: 1 handed to free colleagues, 0 to reassign on the Staff page.");
    expect((await t.db("bookings").where({ id: booking.id }).first()).staff_id).toBe(colleague.id);
    expect(await entry("consultation_handed_over", booking.id)).toEqual({
      actor_id: null,
      details: { via: "cli", from: staff.id, to: colleague.id },
    });
  });

  it("leaves an account that is not staff as it is, and names an unknown address", { timeout: CLI_TIMEOUT }, async () => {
    const applicant = await makeUser(t.db);
    const session = await signedIn(t.app, applicant);
    const res = await admin(["revoke", "--email", applicant.email]);
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`${applicant.email} was not staff.`);
    await session.getJson("/dashboard").expect(200);
    expect(await audits("role_revoked", applicant.id)).toHaveLength(0);
    const unknown = await admin(["revoke", "--email", "nobody@example.com"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No user with email nobody@example.com");
  });
});

describe("admin:reset-2fa", () => {
  it("turns a lost second factor off, ends the sessions and records it; the next sign-in sets it up again", { timeout: CLI_TIMEOUT }, async () => {
    const staff = await makeUser(t.db, { admin: true });
    const session = await signedIn(t.app, staff);
    const res = await admin(["reset-2fa", "--email", staff.email]);
    expect(res.code, res.err).toBe(0);
    const row = await user(staff.email);
    expect(row.totp_enabled_at).toBeNull();
    expect(row.totp_secret).toBeNull();
    expect(await t.db("recovery_codes").where({ user_id: staff.id }).first()).toBeUndefined();
    expect((await session.get("/admin").expect(303)).headers.location).toMatch(/^\/auth/);
    expect(await audits("two_factor_disabled", staff.id)).toHaveLength(1);
    expect(await entry("two_factor_disabled", staff.id)).toEqual(byOperator({ reset: true }));
    const again = await signedIn(t.app, { ...staff, totpSecret: undefined });
    expect((await again.get("/admin").expect(303)).headers.location).toBe("/account/two-factor");
  });
});
