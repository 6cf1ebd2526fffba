// "Forgot password": the reset e-mail is queued when the address has an account; the caller answers the same either way.
import { findUserByEmail } from "../../models/users.ts";
import type { ActionContext, Outcome } from "../action.ts";

export async function requestPasswordReset({ db, outbox }: ActionContext, input: { email: string }): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    const user = await findUserByEmail(trx, input.email);
    if (user) await outbox.queue(trx, { kind: "password_reset", to: user.email, userId: user.id, data: { name: user.full_name } });
    return { ok: true };
  });
}
