// Ops: create an admin, promote an existing confirmed account (new password, its second factor cleared), revoke the
// role, or reset a lost second factor. Run through `npm run admin:create` / `admin:revoke` / `admin:reset-2fa`; each
// is a credential event (every link of the account dies, its sessions end) and is in the audit trail. Staff start
// two-factor from the one-time link printed here.
import { parseArgs } from "node:util";
import type { Knex } from "knex";
import { hashPassword } from "../auth/passwords.ts";
import { createKnex } from "../db/knex.ts";
import { issueToken, TOKEN_LIFETIME_MS, voidCredentials } from "../models/accountTokens.ts";
import { recordAudit } from "../models/audit.ts";
import { disableTwoFactor } from "../models/twoFactor.ts";
import { createUser, emailConfirmed, findUserByEmail, grantAdmin, isAdmin, revokeAdmin, setPasswordHash } from "../models/users.ts";
import { staffPassword } from "./adminPassword.ts";

const USAGE = `usage:
  admin:create -- --email a@b.ng --name 'Full Name' [--password-stdin]
  admin:create -- --email a@b.ng --promote [--password-stdin]   (an existing account with a confirmed address)
  admin:revoke -- --email a@b.ng
  admin:reset-2fa -- --email a@b.ng   (a lost phone: two-factor off, sessions ended; set up again at the next sign-in)
The password is typed without echo on a terminal, read from standard input with --password-stdin, or generated
and printed once. It is never a command-line argument.`;

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  strict: false,
  options: { email: { type: "string" }, name: { type: "string" }, promote: { type: "boolean" }, "password-stdin": { type: "boolean" } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set (run through npm run admin:create / admin:revoke / admin:reset-2fa)");
if ("password" in values) {
  console.error(`--password is refused: a password on the command line shows in \`ps\` and the shell's history.\n${USAGE}`);
  process.exit(2);
}
const email = typeof values.email === "string" ? values.email.trim() : "";
if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !["create", "revoke", "reset-2fa"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
const fromStdin = values["password-stdin"] === true;
const siteUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");

/** A one-time link (24 hours) from which the staff member turns two-factor sign-in on, signed in with their password. */
async function enrolLink(db: Knex | Knex.Transaction, userId: string): Promise<string> {
  const token = await issueToken(db, userId, "staff_enrol");
  return `${siteUrl}/account/two-factor?enrol=${token}`;
}
const printEnrolLink = (link: string) =>
  console.log(
    `Two-factor set-up link (works once, for ${TOKEN_LIFETIME_MS.staff_enrol / 3_600_000} hours; give it to them by a safe channel): ${link}`,
  );
const db = createKnex(url, 1);
const cli = { details: { via: "cli", osUser: process.env.SUDO_USER ?? process.env.USER ?? null } };

try {
  const existing = await findUserByEmail(db, email);
  if (command === "create" && !existing) {
    const name = typeof values.name === "string" ? values.name.trim() : "";
    if (!name) throw new Error("--name is required for a new admin");
    const { password, generated } = await staffPassword({ fromStdin, details: [email, name] });
    const passwordHash = await hashPassword(password);
    const { user, link } = await db.transaction(async (trx) => {
      const made = await createUser(trx, { email, fullName: name, passwordHash });
      await grantAdmin(trx, made.id);
      await recordAudit(trx, { action: "role_granted", subjectType: "account", subjectId: made.id, details: { ...cli.details, created: true } });
      return { user: made, link: await enrolLink(trx, made.id) };
    });
    console.log(`Created admin ${user.email}.`);
    if (generated) console.log(`Password (shown once, give it to them by a safe channel): ${password}`);
    printEnrolLink(link);
  } else if (command === "create" && existing) {
    // Whoever signed up first with an address could otherwise be handed the admin panel with their own password.
    if (!values.promote) {
      throw new Error(
        `${existing.email} already has an account. To make it an admin, run again with --promote: this requires a confirmed address, sets a new password and ends its sessions.`,
      );
    }
    if (!(await emailConfirmed(db, existing.id))) {
      throw new Error(
        `${existing.email} has not confirmed its address: its owner must follow the link of the confirmation e-mail first (Resend is on their dashboard).`,
      );
    }
    const { password, generated } = await staffPassword({ fromStdin, details: [existing.email, existing.full_name] });
    const passwordHash = await hashPassword(password);
    // Whatever second factor or link someone else may have set up on the account before goes with the promotion.
    const link = await db.transaction(async (trx) => {
      await setPasswordHash(trx, existing.id, passwordHash);
      await disableTwoFactor(trx, existing.id);
      await voidCredentials(trx, existing.id);
      await grantAdmin(trx, existing.id);
      await recordAudit(trx, { action: "role_granted", subjectType: "account", subjectId: existing.id, details: { ...cli.details, promoted: true } });
      return enrolLink(trx, existing.id);
    });
    console.log(`${existing.email} is now an admin, with a new password and no second factor; its sessions and links were ended.`);
    if (generated) console.log(`Password (shown once, give it to them by a safe channel): ${password}`);
    printEnrolLink(link);
  } else if (command === "reset-2fa") {
    if (!existing) throw new Error(`No user with email ${email}`);
    // Only after ops has made sure, out of band, that the person asking is the account's owner (README).
    const link = await db.transaction(async (trx) => {
      await disableTwoFactor(trx, existing.id);
      await voidCredentials(trx, existing.id);
      await recordAudit(trx, {
        action: "two_factor_disabled",
        subjectType: "account",
        subjectId: existing.id,
        details: { ...cli.details, reset: true },
      });
      return (await isAdmin(trx, existing.id)) ? enrolLink(trx, existing.id) : undefined;
    });
    console.log(`Two-factor sign-in of ${existing.email} is off and its sessions and links were ended.`);
    if (link) printEnrolLink(link);
  } else {
    if (!existing) throw new Error(`No user with email ${email}`);
    const removed = await db.transaction(async (trx) => {
      const n = await revokeAdmin(trx, existing.id);
      if (n) {
        await voidCredentials(trx, existing.id);
        await recordAudit(trx, { action: "role_revoked", subjectType: "account", subjectId: existing.id, details: cli.details });
      }
      return n;
    });
    console.log(removed ? `${existing.email} is no longer an admin; its sessions were ended.` : `${existing.email} was not an admin.`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
