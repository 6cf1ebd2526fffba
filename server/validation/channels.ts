// The choice of WhatsApp and SMS updates, as the forms that offer it send it (My account, sign-up, booking): ticked
// boxes and a mobile number read in international form.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { NUMBER_INVALID, NUMBER_NEEDED } from "../domain/channels.ts";
import { toE164 } from "../domain/phone.ts";

/** A ticked box as a form sends it ("yes"); absent when not ticked. */
export const ticked = z
  .enum(["yes"], { error: "Tick the box, or leave it empty" })
  .optional()
  .transform((v) => v === "yes");

/**
 * A mobile number for WhatsApp or SMS, in international form (E.164), or null when none was typed; a number is needed
 * as soon as a channel is chosen, and one typed must be one that can exist. The error goes on the form's number field
 * (`path`). Shared by My account, the sign-up form and the booking form.
 */
export function channelChoice(
  typed: string | undefined,
  chosen: { whatsapp: boolean; sms: boolean },
  c: z.RefinementCtx,
  path: string,
): { phone: string | null; whatsapp: boolean; sms: boolean } {
  // toE164 reads the local Nigerian form (0803…); libphonenumber-js then checks the number can exist.
  const e164 = typed ? toE164(typed) : null;
  const phone = e164 && parsePhoneNumberFromString(e164)?.isValid() ? e164 : null;
  if (typed && !phone) c.addIssue({ code: "custom", path: [path], message: NUMBER_INVALID });
  else if (!typed && (chosen.whatsapp || chosen.sms)) c.addIssue({ code: "custom", path: [path], message: NUMBER_NEEDED });
  return { phone, whatsapp: chosen.whatsapp, sms: chosen.sms };
}
