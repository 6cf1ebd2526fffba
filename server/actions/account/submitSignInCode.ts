// The second step of signing in: a code of the authenticator app or a recovery code (spent once), and the trail's
// record of the success or failure.
import { looksLikeRecoveryCode } from "../../auth/totp.ts";
import { spendCode, twoFactorState } from "../../models/twoFactor.ts";
import { WRONG_CODE } from "../../validation/auth.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

export interface SubmitSignInCode {
  /** The account whose password was right a moment ago. */
  userId: string;
  code: string;
}

/** `recoveryCodesLeft` is given when a recovery code was used (the person is told how many remain). */
export async function submitSignInCode(
  { db, config }: ActionContext,
  actor: Actor,
  input: SubmitSignInCode,
): Promise<Outcome<{ recoveryCodesLeft?: number }>> {
  const key = config.session.totpKey;
  return db.transaction(async (trx) => {
    const recovery = looksLikeRecoveryCode(input.code);
    if (!(await spendCode(trx, key, input.userId, input.code))) {
      await auditAs(trx, actor, { action: "sign_in_failed", subjectType: "account", subjectId: input.userId, details: { step: "code" } });
      return refuse(400, WRONG_CODE, { code: WRONG_CODE });
    }
    await auditAs(
      trx,
      { ...actor, userId: input.userId },
      { action: "sign_in", subjectType: "account", subjectId: input.userId, details: { second: recovery ? "recovery" : "app" } },
    );
    if (!recovery) return { ok: true };
    return { ok: true, recoveryCodesLeft: (await twoFactorState(trx, key, input.userId)).recoveryCodesLeft };
  });
}
