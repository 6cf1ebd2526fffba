// An operator makes a new staff account (admin:create): the account, its admin role, the audit entry and the one-time
// link from which the person turns two-factor sign-in on, in one transaction.
import { hashPassword } from "../../auth/passwords.ts";
import type { StaffRole } from "../../domain/staff.ts";
import { issueToken } from "../../models/accountTokens.ts";
import { createUser, findUserByEmail, grantRole, type UserRow } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface CreateStaff {
  email: string;
  fullName: string;
  /** Already checked against the staff rule by the command that read it. */
  password: string;
  /** The operator's account on the machine, for the audit trail. */
  osUser: string | null;
  /** The staff role given (default admin, the manager). */
  role?: StaffRole;
}

/** Whoever signed up first with an address could otherwise be handed the admin panel with their own password. */
export const alreadyHasAccount = (email: string) =>
  `${email} already has an account. To make it an admin, run again with --promote: this requires a confirmed address, sets a new password and ends its sessions.`;

export async function createStaff(
  { db }: Pick<ActionContext, "db">,
  actor: Actor,
  input: CreateStaff,
): Promise<Outcome<{ user: UserRow; enrolToken: string }>> {
  // Hashed before the transaction: no connection waits on the slow hash.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing) return refuse(409, alreadyHasAccount(existing.email));
    const user = await createUser(trx, { email: input.email, fullName: input.fullName, passwordHash });
    await grantRole(trx, user.id, input.role ?? "admin");
    await auditAs(trx, actor, {
      action: "role_granted",
      subjectType: "account",
      subjectId: user.id,
      details: { osUser: input.osUser, created: true, role: input.role ?? "admin" },
    });
    const enrolToken = await issueToken(trx, user.id, "staff_enrol");
    if (!enrolToken) throw new Error(`The account ${user.id} just made is gone`);
    return { ok: true, user, enrolToken };
  });
}
