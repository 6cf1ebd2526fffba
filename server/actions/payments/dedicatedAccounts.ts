// Each applicant's own account number (a Paystack dedicated virtual account), where the consultancy has them: asked
// for once when the applicant opens a payment page (Paystack is called by a job, never while the page waits), and a
// transfer to it settles the applicant's bill by itself when it is exactly what is owed now on their one payable
// application. Anything else — no fee owed, several, another amount, a transfer whose proof waits for staff — is
// recorded once under Paystack's reference and held under Needs attention for staff. Nothing is paid on a webhook's
// word: the job asks Paystack about the reference first, and reads the account and the amount from that answer.
import { formatMinor } from "../../../views/lib/money.ts";
import { countPayment } from "../../metrics/index.ts";
import {
  type DedicatedTransferRow,
  findAccountOf,
  findDedicatedAccount,
  findTransfer,
  findTransferByReference,
  lockPayableApplications,
  recordTransfer,
  requestDedicatedAccount,
  updateDedicatedAccount,
  updateTransfer,
} from "../../models/dedicatedAccounts.ts";
import { isUuid } from "../../models/ids.ts";
import { insertPayment, transferAwaitingStaff } from "../../models/payments.ts";
import { findUserContact } from "../../models/users.ts";
import { PaystackError } from "../../payments/paystack.ts";
import { queueDedicatedAccount } from "../../payments/tasks.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { closeAttempts } from "./closeAttempts.ts";
import { coveredBy } from "./groupBill.ts";
import { paystack } from "./paystack.ts";
import { amountOwed, billNow, paymentAt } from "./quote.ts";
import { countSettled, type Settled, settleIn } from "./settlePayment.ts";

/** A request Paystack refused is asked again on a visit this long after. */
export const DEDICATED_RETRY_MS = 15 * 60_000;
/** Paystack's channel for a transfer into a dedicated account. */
export const DEDICATED_CHANNEL = "dedicated_nuban";

export interface OwnAccountView {
  state: "requested" | "assigned";
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
}

/**
 * The applicant's own account for the payment page: asked for (once) if they have none yet, the job queued in the
 * same step. Undefined when the consultancy has no dedicated accounts.
 */
export async function ownAccountFor(ctx: Pick<ActionContext, "db" | "config">, userId: string): Promise<OwnAccountView | undefined> {
  const settings = ctx.config.payments.dedicatedAccounts;
  if (!settings) return undefined;
  const requested = await ctx.db.transaction(async (trx) => {
    const made = await requestDedicatedAccount(trx, userId, settings.preferredBank, DEDICATED_RETRY_MS);
    if (made) await queueDedicatedAccount(trx, userId);
    return made;
  });
  const row = requested ? undefined : await findDedicatedAccount(ctx.db, userId);
  if (row?.state === "assigned")
    return { state: "assigned", bankName: row.bank_name, accountNumber: row.account_number, accountName: row.account_name };
  return { state: "requested", bankName: null, accountNumber: null, accountName: null };
}

/**
 * The job: a Paystack customer for the person, then their account at the preferred bank. Safe to run again: a customer
 * already made is reused, and an account opened by an attempt whose answer was lost is found before asking for another.
 * A Paystack error is recorded and thrown (the job is tried again).
 */
export async function openDedicatedAccount(ctx: ActionContext, userId: string): Promise<"assigned" | "unchanged"> {
  const settings = ctx.config.payments.dedicatedAccounts;
  const row = await findDedicatedAccount(ctx.db, userId);
  if (!settings || !row || row.state === "assigned") return "unchanged";
  const contact = await findUserContact(ctx.db, userId);
  if (!contact) return "unchanged";
  const client = paystack(ctx);
  try {
    let customerCode = row.customer_code;
    let customerId = row.customer_id;
    let account = undefined as Awaited<ReturnType<typeof client.createDedicatedAccount>> | undefined;
    if (!customerCode || !customerId) {
      const [firstName, ...rest] = (contact.full_name ?? "").trim().split(/\s+/);
      const customer = await client.createCustomer({
        email: contact.email,
        firstName: firstName || undefined,
        lastName: rest.join(" ") || undefined,
      });
      customerCode = customer.customerCode;
      customerId = customer.id;
      await updateDedicatedAccount(ctx.db, userId, { customer_code: customerCode, customer_id: customerId });
    } else {
      // An earlier attempt may have opened it and lost the answer: Paystack gives a customer one account per bank.
      account = (await client.listDedicatedAccounts({ customerId })).find((a) => a.active && a.customerCode === customerCode);
    }
    account ??= await client.createDedicatedAccount({ customerCode, preferredBank: settings.preferredBank });
    await ctx.db.transaction(async (trx) => {
      await updateDedicatedAccount(trx, userId, {
        state: "assigned",
        provider_account_id: account.id,
        bank_name: account.bankName,
        bank_slug: account.bankSlug,
        account_number: account.accountNumber,
        account_name: account.accountName,
        last_error: null,
      });
      await auditAs(
        trx,
        { userId: null, via: "system" },
        {
          action: "dedicated_account_opened",
          subjectType: "account",
          subjectId: userId,
          details: { bank: account.bankName, account: account.accountNumber },
        },
      );
    });
    return "assigned";
  } catch (err) {
    if (err instanceof PaystackError) {
      await updateDedicatedAccount(ctx.db, userId, { state: "failed", last_error: err.message });
      ctx.logger.warn({ err: err.message, user: userId }, "Paystack dedicated account not opened");
    }
    throw err;
  }
}

export type TransferResult = "paid" | "held" | "unchanged" | "not_paid" | "not_dedicated";

/**
 * The job after a charge.success that named no payment of ours: ask Paystack about the reference; a successful
 * transfer into a dedicated account is recorded once and settles or is held. Throws PaystackError (tried again).
 */
export async function receiveDedicatedTransfer(
  ctx: ActionContext,
  reference: string,
): Promise<{ result: TransferResult; transfer?: DedicatedTransferRow }> {
  const known = await findTransferByReference(ctx.db, reference);
  if (known) return { result: "unchanged", transfer: known };
  const verified = await paystack(ctx).verify(reference);
  if (!verified) return { result: "not_paid" };
  if (verified.channel !== DEDICATED_CHANNEL) return { result: "not_dedicated" };
  if (verified.status !== "success") return { result: "not_paid" };
  const { byCustomer, byNumber } = await findAccountOf(ctx.db, {
    customerCode: verified.customerCode,
    accountNumber: verified.receiverAccountNumber,
  });
  // Paystack names the customer and the account it was sent to: both must be the same person's, or nobody is credited.
  const agree = !(byCustomer && verified.receiverAccountNumber && byCustomer.account_number !== verified.receiverAccountNumber);
  const owner = agree ? (byCustomer ?? (verified.customerCode ? undefined : byNumber)) : undefined;
  const system: Actor = { userId: null, via: "system" };
  const arrived = formatMinor(verified.amountMinor, verified.currency);
  let settled: Settled | undefined;
  const outcome = await ctx.db.transaction(async (trx) => {
    const base = {
      reference,
      provider_id: verified.providerId,
      user_id: owner?.user_id ?? null,
      customer_code: verified.customerCode,
      account_number: verified.receiverAccountNumber,
      amount_minor: verified.amountMinor,
      currency: verified.currency,
      paid_at: verified.paidAt,
    };
    const hold = async (reason: string) => {
      const transfer = await recordTransfer(trx, { ...base, outcome: "held", reason });
      if (transfer) {
        await auditAs(trx, system, {
          action: "dedicated_transfer_held",
          subjectType: "account",
          subjectId: transfer.user_id,
          details: { reference, amount: transfer.amount_minor, currency: transfer.currency, reason },
        });
      }
      return { result: transfer ? ("held" as const) : ("unchanged" as const), transfer };
    };
    if (!owner) return hold(`${arrived} arrived on an account number the site does not know as an applicant's own. Refund it.`);
    // A family member's case whose fee the lead's bill carries owes nothing of its own.
    const payable = [];
    for (const a of await lockPayableApplications(trx, owner.user_id)) if (!(await coveredBy(trx, a))) payable.push(a);
    if (payable.length === 0) return hold(`${arrived} arrived while the applicant owes no fee. Refund it, or apply it when a fee is owed.`);
    if (payable.length > 1)
      return hold(`${arrived} arrived while the applicant owes fees on ${payable.length} applications. Apply it to the right one or refund it.`);
    const app = payable[0];
    if (await transferAwaitingStaff(trx, app.id))
      return hold(
        `${arrived} arrived while a bank transfer's proof for ${app.reference_number} waits for staff. Decide that first, then apply or refund this.`,
      );
    const quoted = await billNow(trx, ctx.config, app);
    if (!quoted.ok) return hold(`${arrived} arrived, but what ${app.reference_number} owes cannot be worked out now (${quoted.message}).`);
    // Recorded first: the same reference arriving twice at once stops here, and only one payment is made.
    const transfer = await recordTransfer(trx, { ...base, outcome: "held", reason: "Being settled" });
    if (!transfer) return { result: "unchanged" as const, transfer: undefined };
    const exact = verified.amountMinor === amountOwed(quoted) && verified.currency === quoted.bill.currency;
    // Paid in full: the applicant's other attempts still waiting for money close, as when they choose another way to pay.
    if (exact) await closeAttempts(trx, system, app.id, "paystack");
    // The payment is made at what is owed now; the settle action pays it only when the money equals that exactly,
    // and holds it under Needs attention otherwise. It starts closed, so no open attempt of the applicant's is disturbed.
    const payment = await insertPayment(trx, {
      ...paymentAt(app, "paystack", quoted, reference),
      state: "failed",
      provider_reference: verified.providerId,
    });
    settled = await settleIn(trx, ctx, system, payment.id, {
      amountMinor: verified.amountMinor,
      currency: verified.currency,
      providerReference: verified.providerId,
      paidAt: verified.paidAt,
    });
    const paid = settled.result === "paid";
    const updated = await updateTransfer(trx, transfer.id, {
      payment_id: payment.id,
      outcome: paid ? "settled" : "held",
      reason: paid ? null : settled.result === "needs_attention" ? settled.reason : "Not settled",
    });
    return { result: paid ? ("paid" as const) : ("held" as const), transfer: updated };
  });
  if (settled) countSettled(settled);
  else if (outcome.result === "held") countPayment("paystack", "needs_attention");
  return outcome;
}

export const HELD_NOT_FOUND = "This held transfer was not found, or is already closed.";

/** Staff close a held transfer no payment carries, with what they did (applied it by hand, refunded it). */
export async function closeHeldTransfer(
  ctx: ActionContext,
  actor: Actor & { userId: string },
  input: { transferId: string; note: string },
): Promise<Outcome<{ transfer: DedicatedTransferRow }>> {
  const note = input.note.trim();
  if (note.length < 3 || note.length > 500) return refuse(400, "Say what was done with the money (3 to 500 characters).", { note: "Required" });
  return ctx.db.transaction(async (trx) => {
    if (!isUuid(input.transferId)) return refuse(404, HELD_NOT_FOUND);
    const found = await findTransfer(trx, input.transferId, { lock: true });
    if (found?.outcome !== "held" || found.payment_id) return refuse(404, HELD_NOT_FOUND);
    const closed = await updateTransfer(trx, found.id, { outcome: "closed", closed_by: actor.userId, closed_at: new Date(), close_note: note });
    await auditAs(trx, actor, {
      action: "dedicated_transfer_closed",
      subjectType: "account",
      subjectId: found.user_id,
      details: { reference: found.reference, amount: found.amount_minor, currency: found.currency, note },
    });
    return { ok: true, transfer: closed };
  });
}
