// Paystack's side of paying: the form post that starts (or resumes) the checkout, the return from it, and the
// signed webhook (no session, no CSRF token: its signature is the proof).
import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import { receivePaystackEvent, returnFromPaystack, startPaystackPayment } from "../../actions/payments/paystack.ts";
import { ctx } from "../../context.ts";
import { TRANSFER_WAITING, TRANSFER_WAITING_DETAIL, TRANSFER_WAITING_TITLE } from "../../domain/status.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { countWebhook } from "../../metrics/index.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { parseWebhookEvent, validWebhookSignature } from "../../payments/paystack.ts";

const baseUrlOf = (req: Request) => ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;

/** POST /payment/:id/paystack — a plain form post; 303 to Paystack's checkout. */
export async function startPaystackForm(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const outcome = await startPaystackPayment(ctx(req), signedInActor(req, res), { applicationId: id, baseUrl: baseUrlOf(req) });
  if (!outcome.ok && outcome.message === TRANSFER_WAITING) {
    // Not a failure: the applicant's transfer is being checked, and nothing was charged.
    redirectWithFlash(req, res, `/payment/${id}`, { title: TRANSFER_WAITING_TITLE, description: TRANSFER_WAITING_DETAIL });
    return;
  }
  if (!outcome.ok && outcome.status !== 404) {
    redirectWithFlash(req, res, `/payment/${id}`, { title: "Payment Failed", description: outcome.message, variant: "destructive" });
    return;
  }
  res.redirect(303, orRefuse(outcome).authorizationUrl);
}

/** GET /payment/:id/return?reference=… — back from the checkout: paid only if Paystack confirms it. */
export async function paystackReturnPage(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const reference = typeof req.query.reference === "string" ? req.query.reference : typeof req.query.trxref === "string" ? req.query.trxref : "";
  const { result, payment } = orRefuse(await returnFromPaystack(ctx(req), signedInActor(req, res), { applicationId: id, reference }));
  if (payment && (result === "paid" || payment.state === "paid")) {
    const amount = formatMinor(payment.amount_minor, payment.currency);
    redirectWithFlash(req, res, `/application/${id}`, { title: "Payment Successful", description: `Payment of ${amount} processed successfully` });
    return;
  }
  const description =
    result === "needs_attention"
      ? "We received a payment that does not match the fee. Our team will check it and contact you; please do not pay again."
      : result === "failed"
        ? "The payment did not go through. Nothing was charged: you can try again."
        : "The payment was not completed. If you paid, it will show here within a few minutes; otherwise choose Resume payment.";
  redirectWithFlash(req, res, `/payment/${id}`, { title: "Payment Failed", description, variant: "destructive" });
}

/** POST /webhooks/paystack — raw body; a wrong signature is 401 and changes nothing. */
export async function paystackWebhook(req: Request, res: Response): Promise<void> {
  const settings = ctx(req).config.payments.paystack;
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!settings || !validWebhookSignature(body, req.get("x-paystack-signature"), settings.secretKey)) {
    countWebhook("paystack", "bad_signature");
    res.status(401).json({ error: { message: "Invalid signature" } });
    return;
  }
  const event = parseWebhookEvent(body);
  if (event?.event === "charge.success") {
    await receivePaystackEvent(ctx(req), { event: event.event, reference: event.reference });
    countWebhook("paystack", "accepted");
  } else countWebhook("paystack", "ignored");
  res.json({ received: true });
}
