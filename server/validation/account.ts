// The account page's forms: profile (name, phone), a change of password, and the current password that guards a data
// download or the deletion of the account.
import { z } from "zod";
import { PASSWORD_MAX } from "../auth/passwordStrength.ts";
import { NUMBER_INVALID } from "../domain/channels.ts";
import { toE164 } from "../domain/phone.ts";
import { newPassword } from "./auth.ts";
import { channelChoice, ticked } from "./channels.ts";
import { singleLine } from "./text.ts";

export const profileSchema = z.object({
  fullName: singleLine({ error: "Full name is required" }).min(1, "Full name is required").max(120, "Full name must be at most 120 characters"),
  phone: singleLine()
    .max(32, "Phone number is too long")
    .optional()
    .transform((v, c) => {
      if (!v) return null;
      const e164 = toE164(v);
      if (!e164) c.addIssue({ code: "custom", message: "Enter a phone number we can call, e.g. 0803 000 0000 or +44 20 7946 0000" });
      return e164 ?? v;
    }),
});

/** The password the person types to prove it is them (too long for any password: simply incorrect). */
const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(PASSWORD_MAX, "Password is incorrect");

export const passwordChangeSchema = z.object({ currentPassword, newPassword });

/** "Download my data": the current password, in a same-site form post. */
export const downloadDataSchema = z.object({ password: currentPassword });

/** "Delete my account": the current password and the word DELETE typed out. */
export const deleteAccountSchema = z.object({
  password: currentPassword,
  confirm: z.string({ error: "Type DELETE to confirm" }).refine((v) => v.trim() === "DELETE", "Type DELETE to confirm"),
});

/**
 * "Updates on WhatsApp and SMS": the mobile number (in international form) and each channel chosen or not. A number
 * is needed as soon as a channel is chosen; without any, an empty number is fine (every channel ends).
 */
export const channelsSchema = z
  .object({
    // Always sent by the form (empty to end every channel): a body without it is not this form's.
    channelPhone: singleLine({ error: NUMBER_INVALID }).max(32, NUMBER_INVALID),
    whatsapp: ticked,
    sms: ticked,
  })
  .transform((v, c) => channelChoice(v.channelPhone, v, c, "channelPhone"));
