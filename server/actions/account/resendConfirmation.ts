// "Resend" on the dashboard banner: a new confirmation e-mail, unless the address is already confirmed.
import { queueConfirmation } from "../../mail/accountMessages.ts";
import { findUserById } from "../../models/users.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";

export async function resendConfirmation(
  { db, outbox }: ActionContext,
  actor: Actor & { userId: string },
): Promise<Outcome<{ confirmed: boolean; email: string }>> {
  return db.transaction(async (trx) => {
    const user = await findUserById(trx, actor.userId);
    if (!user) return refuse(404, "Account not found");
    if (user.email_confirmed_at) return { ok: true, confirmed: true, email: user.email };
    await queueConfirmation(outbox, trx, user);
    return { ok: true, confirmed: false, email: user.email };
  });
}
