// Ops: create an admin, promote an existing confirmed account (new password, its second factor cleared), revoke the
// role, or reset a lost second factor. Run through `npm run admin:create` / `admin:revoke` / `admin:reset-2fa`; each
// is a credential event (every link of the account dies, its sessions end) and is in the audit trail. Staff start
// two-factor from the one-time link printed here.
import { parseArgs } from "node:util";
import type { Actor, Outcome } from "../actions/action.ts";
import { alreadyHasAccount, createStaff } from "../actions/staff/createStaff.ts";
import { promotable, promoteToStaff } from "../actions/staff/promoteToStaff.ts";
import { resetTwoFactor } from "../actions/staff/resetTwoFactor.ts";
import { revokeStaff } from "../actions/staff/revokeStaff.ts";
import { createKnex } from "../db/knex.ts";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../domain/staff.ts";
import { TOKEN_LIFETIME_MS } from "../models/accountTokens.ts";
import { findUserByEmail } from "../models/users.ts";
import { staffPassword } from "./adminPassword.ts";

const USAGE = `usage:
  admin:create -- --email a@b.ng --name 'Full Name' [--role admin|case_officer] [--password-stdin]
  admin:create -- --email a@b.ng --promote [--role admin|case_officer] [--password-stdin]   (an existing account with a confirmed address)
--role defaults to admin (the manager); case_officer works the cases assigned to them.
  admin:revoke -- --email a@b.ng
  admin:reset-2fa -- --email a@b.ng   (a lost phone: two-factor off, sessions ended; set up again at the next sign-in)
The password is typed without echo on a terminal, read from standard input with --password-stdin, or generated
and printed once. It is never a command-line argument.`;

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  strict: false,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    promote: { type: "boolean" },
    role: { type: "string" },
    "password-stdin": { type: "boolean" },
  },
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
const role = values.role === undefined ? "admin" : values.role;
if (!STAFF_ROLES.includes(role as StaffRole)) {
  console.error(`--role must be one of ${STAFF_ROLES.join(", ")}.\n${USAGE}`);
  process.exit(2);
}
const roleLabel = ROLE_LABELS[role as StaffRole].toLowerCase();
const fromStdin = values["password-stdin"] === true;
const siteUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");

/** The one-time link (24 hours) from which the staff member turns two-factor sign-in on, signed in with their password. */
const printEnrolLink = (token: string) =>
  console.log(
    `Two-factor set-up link (works once, for ${TOKEN_LIFETIME_MS.staff_enrol / 3_600_000} hours; give it to them by a safe channel): ${siteUrl}/account/two-factor?enrol=${token}`,
  );

/** The action's result, or its refusal as the command's error (printed, exit code 1). */
function orFail<T>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

const db = createKnex(url, 1);
// An operator's command: no account acts, the machine's user is named in each audit entry.
const actor: Actor = { userId: null, via: "cli" };
const osUser = process.env.SUDO_USER ?? process.env.USER ?? null;

try {
  if (command === "create") {
    const existing = await findUserByEmail(db, email);
    if (!existing) {
      const name = typeof values.name === "string" ? values.name.trim() : "";
      if (!name) throw new Error("--name is required for a new admin");
      const { password, generated } = await staffPassword({ fromStdin, details: [email, name] });
      const { user, enrolToken } = orFail(await createStaff({ db }, actor, { email, fullName: name, password, osUser, role: role as StaffRole }));
      console.log(`Created ${roleLabel} ${user.email}.`);
      if (generated) console.log(`Password (shown once, give it to them by a safe channel): ${password}`);
      printEnrolLink(enrolToken);
    } else {
      if (!values.promote) throw new Error(alreadyHasAccount(existing.email));
      // Refused before a password is asked for, when the account cannot be promoted.
      orFail(await promotable(db, email));
      const { password, generated } = await staffPassword({ fromStdin, details: [existing.email, existing.full_name] });
      const { user, enrolToken } = orFail(await promoteToStaff({ db }, actor, { email, password, osUser, role: role as StaffRole }));
      console.log(`${user.email} is now a ${roleLabel}, with a new password and no second factor; its sessions and links were ended.`);
      if (generated) console.log(`Password (shown once, give it to them by a safe channel): ${password}`);
      printEnrolLink(enrolToken);
    }
  } else if (command === "reset-2fa") {
    // Only after ops has made sure, out of band, that the person asking is the account's owner (README).
    const { user, enrolToken } = orFail(await resetTwoFactor({ db }, actor, { email, osUser }));
    console.log(`Two-factor sign-in of ${user.email} is off and its sessions and links were ended.`);
    if (enrolToken) printEnrolLink(enrolToken);
  } else {
    const { user, removed, handedOver, toReassign } = orFail(await revokeStaff({ db }, actor, { email, osUser }));
    console.log(removed ? `${user.email} is no longer staff; its sessions and calendar feed were ended.` : `${user.email} was not staff.`);
    if (handedOver + toReassign > 0)
      console.log(`Coming consultations: ${handedOver} handed to free colleagues, ${toReassign} to reassign on the Staff page.`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
