// WhatsApp and SMS as ways to reach a person: the channels, the words a person agrees to (the business named in them),
// and the reply that ends the WhatsApp channel.

export const CHANNELS = ["whatsapp", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_NAMES: Record<Channel, string> = { whatsapp: "WhatsApp", sms: "SMS" };

/**
 * The exact words beside each choice on the sign-up form and on My account; what is stored with a consent is what was
 * shown (the pages take them from here too), so a change of words or of the consultancy's name is kept apart in the
 * history. They name "the number I give here": above the choices on My account, below them at sign-up.
 */
export function consentWords(channel: Channel, businessName: string): string {
  return channel === "whatsapp"
    ? `Send me updates on WhatsApp from ${businessName} about my applications, at the number I give here. Reply STOP on WhatsApp to end them at any time.`
    : `Send me updates by SMS from ${businessName} about my applications, at the number I give here.`;
}

/**
 * The words beside each choice on the consultation booking form: reminders of this consultation and, once the person
 * has an account, updates about their applications (what the choice counts for once it is carried into the account's
 * history), at the phone number given on that form.
 */
export function bookingConsentWords(channel: Channel, businessName: string): string {
  return channel === "whatsapp"
    ? `Send me reminders of this consultation, and updates about my applications, on WhatsApp from ${businessName}, at the number above. Reply STOP on WhatsApp to end them at any time.`
    : `Send me reminders of this consultation, and updates about my applications, by SMS from ${businessName}, at the number above.`;
}

/** Each channel with its words, as a form shows them. */
export const channelWords = (words: (channel: Channel, businessName: string) => string, businessName: string) =>
  CHANNELS.map((channel) => ({ channel, words: words(channel, businessName) }));

/** A WhatsApp text that ends the channel for the number it came from: STOP, in any case, with spaces around. */
export const isStop = (text: string) => text.trim().toLowerCase() === "stop";

/** What a STOP leaves in the consent history as the words of the opt-out. */
export const STOP_WORDS = "Replied STOP on WhatsApp";

export const NUMBER_NEEDED = "Enter the mobile number for WhatsApp or SMS updates, e.g. 0803 000 0000";
export const NUMBER_INVALID = "Enter a mobile number we can reach, e.g. 0803 000 0000 or +44 7911 123456";

/** The words of an SMS STOP in the consent history. */
export const SMS_STOP_WORDS = "Replied STOP by SMS";

const LAGOS_OFFSET_MS = 60 * 60_000; // West Africa Time, UTC+1 all year

/**
 * Quiet hours: nothing that is not urgent goes by SMS between 20:00 and 08:00 Lagos time. The moment a message held
 * now may go (08:00 Lagos), or undefined outside quiet hours.
 */
export function quietHoursEnd(now: Date): Date | undefined {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const hour = lagos.getUTCHours();
  if (hour >= 8 && hour < 20) return undefined;
  const day = lagos.getUTCDate() + (hour >= 20 ? 1 : 0);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), day, 8) - LAGOS_OFFSET_MS);
}
