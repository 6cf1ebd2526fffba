// A bill line typed by staff on the case page: its kind, label, amount (in the bill's currency, or another with the
// rate used) and why; and the reason a line is removed.
import { z } from "zod";
import { LINE_CURRENCIES, LINE_KINDS } from "../domain/bill.ts";
import { parseAmount } from "../domain/money.ts";

const text = (max: number, empty: string, long: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(1, empty).max(max, long));

export const AMOUNT_INVALID = "Enter the amount as a number, like 45,000 or 45000.50.";
export const RATE_INVALID = "Enter the rate used, in the bill's currency for one unit, like 1,700.";

export const lineSchema = z.object({
  kind: z.enum(LINE_KINDS, { message: "Choose what the line is for." }),
  label: text(120, "Name the line, like “UK visa fee”.", "Keep the name under 120 characters."),
  amount: z.preprocess((v) => parseAmount(typeof v === "string" ? v : ""), z.number({ message: AMOUNT_INVALID })),
  currency: z.enum(LINE_CURRENCIES, { message: "Choose the currency of the amount." }),
  rate: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(20)),
  reason: text(500, "Say why the line is added.", "Keep the reason under 500 characters."),
});

export const removeLineSchema = z.object({
  reason: text(500, "Say why the line is removed.", "Keep the reason under 500 characters."),
});
