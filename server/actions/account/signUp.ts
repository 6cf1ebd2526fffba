// A visitor creates an account: the account, its confirmation e-mail, the WhatsApp and SMS updates ticked on the form
// (each a consent row with the number, the words shown and "signup") and the audit entry commit together. An address
// that already has an account answers as a new one would (nobody learns who is registered); its owner is told instead,
// and nothing of the form's choices is kept.
import { hashPassword } from "../../auth/passwords.ts";
import { CHANNELS, consentWords } from "../../domain/channels.ts";
import { queueConfirmation } from "../../mail/accountMessages.ts";
import { addConsent } from "../../models/channels.ts";
import { createUserUnlessTaken, findUserByEmail, type UserRow } from "../../models/users.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";
import { recordLeadEvent } from "../leads/recordLeadEvent.ts";
import type { ChannelChoice } from "./saveChannels.ts";

export interface SignUp {
  email: string;
  fullName: string;
  password: string;
  /** WhatsApp and SMS ticked on the form, with the number (E.164) when either is. */
  channels?: ChannelChoice;
  /** Whether the owner of a taken address may be mailed again now (the web's per-account cap on these notices). */
  mayTellOwner: (ownerId: string) => Promise<boolean>;
}

/** `user` is the new account, or undefined when the address was taken (the answer to the visitor is the same). */
export async function signUp({ db, outbox, config }: ActionContext, actor: Actor, input: SignUp): Promise<Outcome<{ user?: UserRow }>> {
  // Hashed whether or not the address is taken, so the answer's timing does not tell either.
  const passwordHash = await hashPassword(input.password);
  // The notice cap is counted before the transaction opens: a flood of sign-ups with registered addresses then never
  // holds one pooled connection while waiting for another.
  const existing = await findUserByEmail(db, input.email);
  const tellExisting = existing ? await input.mayTellOwner(existing.id) : false;
  return db.transaction(async (trx) => {
    const user = existing ? undefined : await createUserUnlessTaken(trx, { email: input.email, fullName: input.fullName, passwordHash });
    if (user) {
      await queueConfirmation(outbox, trx, user);
      // A person who enquired or booked with this address: their lead now knows the account.
      await recordLeadEvent(trx, { email: user.email, kind: "account", source: "portal", refTable: "users", refId: user.id });
      const chosen = CHANNELS.filter((channel) => input.channels?.[channel] && input.channels.phone);
      for (const channel of chosen) {
        await addConsent(trx, {
          user_id: user.id,
          channel,
          phone: input.channels?.phone as string,
          opted_in: true,
          words: consentWords(channel, config.site.name),
          source: "signup",
        });
      }
      // The channels chosen, never the number.
      const details = chosen.length ? Object.fromEntries(chosen.map((c) => [c, "on"])) : undefined;
      await auditAs(trx, { ...actor, userId: user.id }, { action: "sign_up", subjectType: "account", subjectId: user.id, details });
      return { ok: true, user };
    }
    // Taken before this request, or (rarely) by a sign-up racing this one.
    const owner = existing ?? (await findUserByEmail(trx, input.email));
    if (owner && (owner === existing ? tellExisting : await input.mayTellOwner(owner.id))) {
      await outbox.queue(trx, { kind: "account_exists", to: owner.email, userId: owner.id, data: { name: owner.full_name } });
    }
    await auditAs(trx, actor, { action: "sign_up_existing", subjectType: "account", subjectId: owner?.id ?? null });
    return { ok: true };
  });
}
