// A person changes the name and phone on their account page.
import { saveProfile } from "../../models/users.ts";
import type { ActionContext, Actor, Outcome } from "../action.ts";

export interface Profile {
  fullName: string;
  /** In international form (validation/account.ts), or null for none. */
  phone: string | null;
}

export async function updateProfile(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: Profile,
): Promise<Outcome<{ profile: Profile }>> {
  return db.transaction(async (trx) => {
    await saveProfile(trx, actor.userId, input);
    return { ok: true, profile: input };
  });
}
