// A signed-in person asks to change their e-mail (their password already checked): a link to the new address, a
// notice to the old one. Whether the new address has an account is not told: its owner is mailed instead of a link.
import { findUserByEmail, normalizeEmail } from "../../models/users.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";

export interface RequestEmailChange {
  /** The account, as read for the password check. */
  user: { email: string; full_name: string };
  newEmail: string;
}

export async function requestEmailChange(
  { db, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: RequestEmailChange,
): Promise<Outcome<object>> {
  const { user, newEmail } = input;
  if (normalizeEmail(newEmail) === normalizeEmail(user.email))
    return refuse(400, "This is already your e-mail address", { email: "This is already your e-mail address" });
  return db.transaction(async (trx) => {
    const taken = await findUserByEmail(trx, newEmail);
    const data = { name: user.full_name, newEmail };
    const sent = taken
      ? await outbox.queue(trx, { kind: "email_change_taken", to: taken.email, userId: taken.id, data: { name: taken.full_name } })
      : await outbox.queue(trx, { kind: "email_change_confirm", to: newEmail, userId: actor.userId, data });
    // Without e-mail the change could never be confirmed: say so instead of promising a link.
    if (!sent) return refuse(503, "We cannot send e-mail right now, so your address cannot be changed. Please try again later.");
    await outbox.queue(trx, { kind: "email_change_notice", to: user.email, userId: actor.userId, data });
    return { ok: true };
  });
}
