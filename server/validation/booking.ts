// The booking form's rules: a consultation type, a time from the list, who is coming and what it is about.
import { z } from "zod";
import { VISA_TYPES } from "../domain/visa.ts";
import { channelChoice, ticked } from "./channels.ts";
import { contactSchema } from "./contact.ts";
import { singleLine } from "./text.ts";

/** A chosen time: an ISO instant as the time list sends it. */
export const slotField = z
  .string({ error: "Please choose a time" })
  .trim()
  .min(1, "Please choose a time")
  .refine((v) => v.length <= 40 && !Number.isNaN(Date.parse(v)), "Please choose a time")
  .transform((v) => new Date(v));

export const bookingSchema = contactSchema
  .pick({ name: true, email: true, phone: true })
  .extend({
    type: z.uuid({ error: "Please choose a consultation" }),
    slot: slotField,
    destination: singleLine({ error: "Please enter the country you are going to" })
      .min(1, "Please enter the country you are going to")
      .max(80, "Destination must be at most 80 characters"),
    visa_type: z.enum(VISA_TYPES, { error: "Please choose a visa type" }),
    // Reminders of this consultation on WhatsApp or by SMS, at the booking's phone number.
    whatsapp: ticked,
    sms: ticked,
  })
  // A channel ticked needs a phone number that can take a message (a number we can call may not: too short to exist).
  .superRefine((v, c) => {
    if (v.whatsapp || v.sms) channelChoice(v.phone, v, c, "phone");
  });
export type BookingInput = z.output<typeof bookingSchema>;

export const rescheduleSchema = z.object({ token: z.string().max(100), slot: slotField });
