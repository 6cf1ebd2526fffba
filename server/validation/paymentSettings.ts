// What staff type into the payment forms of the admin panel: a refund (amount, reason) and the exchange rate.
import { z } from "zod";
import { parseAmount, parseRate } from "../domain/money.ts";

/** A typed figure read by `parse` (minor units), or the field's `message` when it cannot be read. */
const figure = (parse: (v: string) => number | undefined, message: string) =>
  z.string().transform((v, c) => {
    const minor = parse(v);
    if (minor === undefined) {
      c.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return minor;
  });

export const RATE_REQUIRED = "Enter the rate: how many Naira one US dollar buys, e.g. 1,550.";
export const RATE_INVALID = "Enter the rate as a number of Naira more than zero, at most 7 digits and 2 decimals, e.g. 1550 or 1,550.50.";

export const rateSchema = z.object({
  rate: z.string({ error: RATE_REQUIRED }).trim().min(1, RATE_REQUIRED).pipe(figure(parseRate, RATE_INVALID)),
});

export const AMOUNT_INVALID = "Enter the amount refunded as a number more than zero, e.g. 232,500 or 232500.50 (or leave it empty for the whole).";
export const REASON_REQUIRED = "Say why the fee is refunded: the applicant reads it.";

export const refundSchema = z.object({
  /** Empty: the whole amount paid. */
  amount: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(figure(parseAmount, AMOUNT_INVALID).optional())
    .transform((v) => v ?? null),
  reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, "Keep the reason under 500 characters."),
});
