// A person's WhatsApp and SMS choices as My account shows them, and as one line of text on the staff case page.
import type { Knex } from "knex";
import type { ChannelsProps } from "../../views/pages/portal/Account.tsx";
import { CHANNEL_NAMES, CHANNELS, consentWords } from "../domain/channels.ts";
import { currentConsents } from "../models/channels.ts";

const day = (d: Date) => new Date(d).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Lagos" });

/** The number shown: the one last chosen for a channel, else the profile's phone. */
export async function channelChoices(db: Knex, businessName: string, userId: string, profilePhone: string | null): Promise<ChannelsProps> {
  const current = await currentConsents(db, userId);
  const latest = [current.whatsapp, current.sms].filter((r) => r !== undefined).sort((a, b) => Number(b.id) - Number(a.id))[0];
  return {
    phone: latest?.phone ?? profilePhone ?? "",
    choices: CHANNELS.map((channel) => {
      const row = current[channel];
      return {
        channel,
        words: consentWords(channel, businessName),
        on: Boolean(row?.opted_in),
        since: row?.opted_in ? `Chosen on ${day(row.created_at)} for ${row.phone}.` : null,
      };
    }),
  };
}

const STATE_WORDS: Record<string, string> = {
  queued: "waiting to go",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  not_sent: "not sent (the choice had ended)",
};

/**
 * For staff, in words the server writes (the case page has no script to spare): "Updates to the client besides
 * e-mail: WhatsApp at +234… since 3 Dec 2026, last message delivered on 4 Dec 2026; SMS not chosen."
 */
export async function channelsLine(db: Knex, userId: string): Promise<string> {
  const current = await currentConsents(db, userId);
  const lastByChannel = await db("channel_messages")
    .distinctOn("channel")
    .where({ user_id: userId })
    .orderBy([{ column: "channel" }, { column: "created_at", order: "desc" }])
    .select("channel", "state", "error", "updated_at");
  const last = new Map(lastByChannel.map((r: { channel: string }) => [r.channel, r]));
  const parts = CHANNELS.map((channel) => {
    const row = current[channel];
    const sent = last.get(channel) as { state: string; error: string | null; updated_at: Date } | undefined;
    const lastWords = sent
      ? `, last message ${STATE_WORDS[sent.state] ?? sent.state}${sent.state === "failed" && sent.error ? ` (${sent.error})` : ""} on ${day(sent.updated_at)}`
      : "";
    if (row?.opted_in) return `${CHANNEL_NAMES[channel]} at ${row.phone} since ${day(row.created_at)}${lastWords}`;
    if (row) return `${CHANNEL_NAMES[channel]} ended on ${day(row.created_at)}${lastWords}`;
    return `${CHANNEL_NAMES[channel]} not chosen`;
  });
  return `Updates to the client besides e-mail: ${parts.join("; ")}.`;
}
