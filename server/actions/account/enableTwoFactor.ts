// A person turns two-factor sign-in on with the first code of their new secret (password or a recent sign-in already
// checked): ten recovery codes, shown once. A staff account's first enrolment also needs the set-up link ops printed.
import { findLiveToken } from "../../models/accountTokens.ts";
import { enableTwoFactor as enableWithCode } from "../../models/twoFactor.ts";
import { isStaff } from "../../models/users.ts";
import { type ActionContext, type Actor, type Outcome, refuse } from "../action.ts";
import { type TwoFactorPerson, twoFactorChanged } from "./twoFactorChanged.ts";

export const ENROL_LINK_NOT_VALID = "This set-up link has expired or was already used. Ask a manager for a new one.";
const FIRST_CODE_WRONG = "That code is not right. Check the time on your phone and give the code the app shows now.";

export interface EnableTwoFactor {
  person: TwoFactorPerson;
  code: string;
  /** The staff set-up link's token the session holds (admin:create, --promote, reset-2fa), if any. */
  enrolToken: string | undefined;
  /** The session making the change: it stays signed in, every other one ends. */
  keepSessionId: string | undefined;
}

export async function enableTwoFactor(
  { db, config, outbox }: ActionContext,
  actor: Actor & { userId: string },
  input: EnableTwoFactor,
): Promise<Outcome<{ recoveryCodes: string[] }>> {
  const userId = input.person.id;
  const staff = await isStaff(db, userId);
  return db.transaction(async (trx) => {
    if (staff) {
      const holder = input.enrolToken ? await findLiveToken(trx, input.enrolToken, "staff_enrol", true) : undefined;
      if (holder?.userId !== userId) return refuse(403, ENROL_LINK_NOT_VALID);
    }
    const recoveryCodes = await enableWithCode(trx, config.session.totpKey, userId, input.code.replace(/\s/g, ""));
    if (!recoveryCodes) return refuse(400, FIRST_CODE_WRONG, { code: FIRST_CODE_WRONG });
    await twoFactorChanged(outbox, trx, actor, input.person, "on", input.keepSessionId);
    return { ok: true, recoveryCodes };
  });
}
