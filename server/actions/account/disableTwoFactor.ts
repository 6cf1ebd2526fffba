// An applicant turns two-factor sign-in off (password or a recent sign-in already checked) with a current code or a
// recovery code. Staff keep it: without it the admin panel would stay closed to them.
import { disableTwoFactor as clearTwoFactor, spendCode } from "../../models/twoFactor.ts";
import { isStaff } from "../../models/users.ts";
import { WRONG_CODE } from "../../validation/auth.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { type TwoFactorPerson, twoFactorChanged } from "./twoFactorChanged.ts";

export interface ChangeTwoFactor {
  person: TwoFactorPerson;
  code: string;
  keepSessionId: string | undefined;
}

export async function disableTwoFactor(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: ChangeTwoFactor,
): Promise<Outcome<object>> {
  const userId = input.person.id;
  return db.transaction(async (trx) => {
    if (await isStaff(trx, userId)) return refuse(403, "Staff accounts keep two-factor sign-in.");
    if (!(await spendCode(trx, config.session.totpKey, userId, input.code))) return refuse(400, WRONG_CODE, { code: WRONG_CODE });
    await clearTwoFactor(trx, userId);
    await twoFactorChanged(outbox, trx, actor, input.person, "off", input.keepSessionId);
    return { ok: true };
  });
}
