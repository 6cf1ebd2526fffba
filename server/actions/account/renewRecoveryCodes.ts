// A person with two-factor on makes ten new recovery codes (password or a recent sign-in already checked, and a current
// code or recovery code): the old ones stop working.
import { replaceRecoveryCodes, spendCode } from "../../models/twoFactor.ts";
import { WRONG_CODE } from "../../validation/auth.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import type { ChangeTwoFactor } from "./disableTwoFactor.ts";
import { twoFactorChanged } from "./twoFactorChanged.ts";

export async function renewRecoveryCodes(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: ChangeTwoFactor,
): Promise<Outcome<{ recoveryCodes: string[] }>> {
  const userId = input.person.id;
  return db.transaction(async (trx) => {
    if (!(await spendCode(trx, config.session.totpKey, userId, input.code))) return refuse(400, WRONG_CODE, { code: WRONG_CODE });
    const recoveryCodes = await replaceRecoveryCodes(trx, userId);
    await twoFactorChanged(outbox, trx, actor, input.person, "codes", input.keepSessionId);
    return { ok: true, recoveryCodes };
  });
}
