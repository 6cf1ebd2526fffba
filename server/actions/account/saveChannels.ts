// A person chooses, on My account, whether the consultancy may send them updates on WhatsApp and by SMS, at which
// number. Each change is a new consent row (the number, the exact words shown, the date, "account"), never an
// overwrite: an opt-out and a later opt-in both stay in the history. Nothing changes for a channel left as it was.
import { CHANNELS, type Channel, consentWords } from "../../domain/channels.ts";
import { addConsent, currentConsents } from "../../models/channels.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export interface ChannelChoice {
  /** E.164, or null when none was given (then no channel may be chosen: the validation says so). */
  phone: string | null;
  whatsapp: boolean;
  sms: boolean;
}

export async function saveChannels(
  { db, config }: ActionContext,
  actor: Actor & { userId: string },
  input: ChannelChoice,
): Promise<Outcome<{ changed: Channel[] }>> {
  return db.transaction(async (trx) => {
    // One person's choices are saved one at a time: two tabs saving at once cannot both add an opt-in.
    await trx.raw("SELECT pg_advisory_xact_lock(hashtext('channel_consents:' || ?))", [actor.userId]);
    const current = await currentConsents(trx, actor.userId);
    const changed: Channel[] = [];
    for (const channel of CHANNELS) {
      const now = current[channel];
      const wanted = input[channel];
      if (wanted && input.phone && !(now?.opted_in && now.phone === input.phone)) {
        await addConsent(trx, {
          user_id: actor.userId,
          channel,
          phone: input.phone,
          opted_in: true,
          words: consentWords(channel, config.site.name),
          source: "account",
        });
        changed.push(channel);
      } else if (!wanted && now?.opted_in) {
        // The words of an opt-out: the choice as it was shown, now left unticked.
        await addConsent(trx, {
          user_id: actor.userId,
          channel,
          phone: now.phone,
          opted_in: false,
          words: consentWords(channel, config.site.name),
          source: "account",
        });
        changed.push(channel);
      }
    }
    if (changed.length) {
      // The channels and whether each is now on: never the number.
      const details = Object.fromEntries(changed.map((c) => [c, input[c] ? "on" : "off"]));
      await auditAs(trx, actor, { action: "channels_changed", subjectType: "account", subjectId: actor.userId, details });
    }
    return { ok: true, changed };
  });
}
