// What the payment form sends: the card's fields, checked for format only (SPEC §5: no card validity check). They
// are never stored or logged.
import { z } from "zod";
import { singleLine } from "./text.ts";

export const cardSchema = z.object({
  cardholderName: singleLine({ error: "Cardholder name is required" }).min(2, "Cardholder name is required").max(100, "Cardholder name is too long"),
  cardNumber: z.string({ error: "Card number is required" }).regex(/^\d{16}$/, "Card number must be 16 digits"),
  expiry: z
    .string({ error: "Expiry is required" })
    .regex(/^\d{4}$/, "Expiry must be 4 digits (MMYY)")
    .refine((v) => Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 12, "Expiry month must be 01 to 12"),
  cvv: z.string({ error: "CVV is required" }).regex(/^\d{3}$/, "CVV must be 3 digits"),
});

/** An applicant withdrawing their bank transfer: why, in a line (staff read it beside the transfer). */
export const withdrawTransferSchema = z.object({
  reason: z
    .string({ error: "Say why you are withdrawing the transfer" })
    .trim()
    .min(1, "Say why you are withdrawing the transfer")
    .max(500, "The reason must be at most 500 characters"),
});
