// Staff's input on the Payments pages: the list's filters (in the URL), and a bank transfer's confirmation or rejection.
import type { Request } from "express";
import { z } from "zod";
import { PAYMENT_STATE_LABELS, type PaymentProvider, type PaymentState, PROVIDER_LABELS } from "../../views/lib/payments.ts";
import { parseAmount } from "../domain/money.ts";
import { first } from "./listQuery.ts";
import { singleLine } from "./text.ts";

export const PAYMENT_STATES = Object.keys(PAYMENT_STATE_LABELS) as [PaymentState, ...PaymentState[]];
export const PROVIDERS = Object.keys(PROVIDER_LABELS) as [PaymentProvider, ...PaymentProvider[]];

const day = z.preprocess(first, z.union([z.iso.date(), z.literal("")])).catch("");

/** The list's URL (?state=&provider=&from=&to=&page=): a value that does not parse means "any". */
const listSchema = z.object({
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).catch(1),
  state: z.preprocess(first, z.union([z.enum(PAYMENT_STATES), z.literal("")])).catch(""),
  provider: z.preprocess(first, z.union([z.enum(PROVIDERS), z.literal("")])).catch(""),
  from: day,
  to: day,
  overdue: z.preprocess(first, z.union([z.literal("1"), z.literal("")])).catch(""),
});

export type PaymentListQuery = z.infer<typeof listSchema>;

export function parsePaymentListQuery(req: Request): PaymentListQuery {
  return listSchema.parse(req.query ?? {});
}

/** Which proof the form was opened with: a newer one makes the form stale. */
const proofUploadedAt = z.string({ error: "Reload the page and try again." }).max(40);

export const confirmTransferSchema = z.object({
  received: z
    .string({ error: "Enter the amount received" })
    .trim()
    .min(1, "Enter the amount received")
    .transform((v, c) => {
      const minor = parseAmount(v);
      if (minor === undefined) c.addIssue({ code: "custom", message: "Enter the amount received as a number, e.g. 232,500" });
      return minor ?? 0;
    }),
  proofUploadedAt,
});

export const rejectTransferSchema = z.object({
  reason: z
    .string({ error: "Give the reason the applicant will read" })
    .trim()
    .min(1, "Give the reason the applicant will read")
    .max(1000, "The reason must be at most 1,000 characters"),
  proofUploadedAt,
});

/** The case the payment's page was opened for (a payment of another case answers 404). */
const caseOf = z.string({ error: "Reload the page and try again." }).max(40);

export const applyHeldSchema = z.object({ application: caseOf });

export const REFUND_REASON_REQUIRED = "Say why this payment is refunded.";

export const refundHeldSchema = z.object({
  application: caseOf,
  reason: z.string({ error: REFUND_REASON_REQUIRED }).trim().min(1, REFUND_REASON_REQUIRED).max(500, "Keep the reason under 500 characters."),
  /** A transfer back made by hand: the bank's reference of it (not asked for Paystack's money, which Paystack refunds). */
  bankReference: singleLine()
    .max(100, "The bank's reference must be at most 100 characters.")
    .optional()
    .transform((v) => v || null),
});
