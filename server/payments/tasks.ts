// The payment jobs graphile-worker runs: verify a Paystack reference after its webhook, and reconcile Paystack
// attempts whose callback and webhook were both lost (10 minutes after the start, then hourly for a day; a checkout
// closed because the applicant chose another way to pay, daily after that until a week has passed).
import type { Knex } from "knex";
import { addJob } from "../models/jobs.ts";

export const VERIFY_TASK = "paystack_verify";
export const RECONCILE_TASK = "paystack_reconcile";

/** First look 10 minutes after the checkout starts; then every hour until a day has passed. */
export const RECONCILE_FIRST_MS = 10 * 60_000;
export const RECONCILE_EVERY_MS = 60 * 60_000;
export const RECONCILE_FOR_MS = 24 * 60 * 60_000;
/** A checkout closed for another way to pay is looked at hourly for its first day, then daily until a week has passed. */
export const RECONCILE_CLOSED_EVERY_MS = 24 * 60 * 60_000;
export const RECONCILE_CLOSED_FOR_MS = 7 * 24 * 60 * 60_000;

export function queueVerify(trx: Knex | Knex.Transaction, reference: string): Promise<void> {
  // Keyed by the reference: a burst of repeated webhooks for one payment is one job.
  return addJob(trx, VERIFY_TASK, { reference }, { maxAttempts: 10, jobKey: `paystack-verify:${reference}` });
}

export function queueReconcile(trx: Knex | Knex.Transaction, paymentId: string, runAt: Date): Promise<void> {
  return addJob(trx, RECONCILE_TASK, { paymentId }, { maxAttempts: 5, jobKey: `paystack-reconcile:${paymentId}`, runAt });
}

export const DEDICATED_ACCOUNT_TASK = "paystack_dedicated_account";
export const DEDICATED_TRANSFER_TASK = "paystack_dedicated_transfer";

/** Opens the person's own account at Paystack: one job per person however many pages asked. */
export function queueDedicatedAccount(trx: Knex | Knex.Transaction, userId: string): Promise<void> {
  return addJob(trx, DEDICATED_ACCOUNT_TASK, { userId }, { maxAttempts: 8, jobKey: `paystack-dedicated-account:${userId}` });
}

/** Asks Paystack about a charge that named no payment of ours (a transfer into an applicant's own account). */
export function queueDedicatedTransfer(trx: Knex | Knex.Transaction, reference: string): Promise<void> {
  return addJob(trx, DEDICATED_TRANSFER_TASK, { reference }, { maxAttempts: 10, jobKey: `paystack-dedicated-transfer:${reference}` });
}
