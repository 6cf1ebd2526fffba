// An operator makes an existing account staff (admin:create --promote): only with a confirmed address; a new password,
// its second factor cleared, every link and session ended (a credential event), the role, the audit entry and the
// one-time two-factor link, in one transaction.
import type { Knex } from "knex";
import { hashPassword } from "../../auth/passwords.ts";
import type { StaffRole } from "../../domain/staff.ts";
import { issueToken, voidCredentials } from "../../models/accountTokens.ts";
import { disableTwoFactor } from "../../models/twoFactor.ts";
import { emailConfirmed, findUserByEmail, grantRole, setPasswordHash, type UserRow } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, type Refusal, refuse } from "../action.ts";

export interface PromoteToStaff {
  email: string;
  /** Already checked against the staff rule by the command that read it. */
  password: string;
  /** The operator's account on the machine, for the audit trail. */
  osUser: string | null;
  /** The staff role given (default admin, the manager). */
  role?: StaffRole;
}

export const noUser = (email: string) => `No user with email ${email}`;

/**
 * Why the account of `email` cannot be promoted, or its row when it can: the command asks before it reads a password,
 * the action again in its transaction.
 */
export async function promotable(db: Knex, email: string): Promise<Refusal | { ok: true; user: UserRow }> {
  const user = await findUserByEmail(db, email);
  if (!user) return refuse(404, noUser(email));
  if (!(await emailConfirmed(db, user.id))) {
    return refuse(
      409,
      `${user.email} has not confirmed its address: its owner must follow the link of the confirmation e-mail first (Resend is on their dashboard).`,
    );
  }
  return { ok: true, user };
}

export async function promoteToStaff(
  { db }: Pick<ActionContext, "db">,
  actor: Actor,
  input: PromoteToStaff,
): Promise<Outcome<{ user: UserRow; enrolToken: string }>> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const found = await promotable(trx, input.email);
    if (!found.ok) return found;
    const { user } = found;
    // Whatever second factor or link someone else may have set up on the account before goes with the promotion.
    await setPasswordHash(trx, user.id, passwordHash);
    await disableTwoFactor(trx, user.id);
    await voidCredentials(trx, user.id);
    await grantRole(trx, user.id, input.role ?? "admin");
    await auditAs(trx, actor, {
      action: "role_granted",
      subjectType: "account",
      subjectId: user.id,
      details: { osUser: input.osUser, promoted: true, role: input.role ?? "admin" },
    });
    const enrolToken = await issueToken(trx, user.id, "staff_enrol");
    if (!enrolToken) throw new Error(`The account ${user.id} is gone`);
    return { ok: true, user, enrolToken };
  });
}
