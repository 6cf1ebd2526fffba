// A payment held for staff, on its page: Apply (to the case's bill) and Refund (through Paystack, or a transfer back by
// hand with the bank's reference): plain form posts; a refusal shows the page again with its message and what was typed.
import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import { applyHeldPayment, refundHeldPayment } from "../../actions/payments/heldPayments.ts";
import { PAYMENT_NOT_FOUND } from "../../actions/payments/transferDecision.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { paymentDecisionRefused } from "../../http/paymentPage.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { moneyReceived } from "../../models/payments.ts";
import { renderPage } from "../../render/renderPage.ts";
import { applyHeldSchema, refundHeldSchema } from "../../validation/adminPayments.ts";
import { checkInput } from "../../validation/validate.ts";

/** A refused Apply or Refund: an unknown payment, or another case's, is a 404 page; else the payment's page again. */
export const heldFormRefused: FormRefusal = async (req, res, refusal) => {
  if (refusal.status !== 404) return paymentDecisionRefused(req, res, refusal);
  await renderPage(
    req,
    res,
    "errors/ErrorPage",
    { status: 404, statusText: "Not Found", message: PAYMENT_NOT_FOUND },
    { title: PAYMENT_NOT_FOUND, status: 404 },
  );
};

/** POST /admin/payments/:id/held/apply {application} — the held money settles what the bill owes now */
export async function applyHeldForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(applyHeldSchema, req.body);
  if (!parsed.ok) return heldFormRefused(req, res, { status: 400, message: Object.values(parsed.fields)[0], fields: parsed.fields });
  const input = { paymentId: String(req.params.id), applicationId: parsed.data.application };
  const { payment } = orRefuse(await applyHeldPayment(ctx(req), signedInActor(req, res), input));
  redirectWithFlash(req, res, `/admin/payments/${payment.id}`, {
    title: "Applied to the bill",
    description: `${formatMinor(payment.amount_minor, payment.currency)} is paid; the applicant has been sent the receipt.`,
  });
}

/** POST /admin/payments/:id/held/refund {application, reason, bankReference?} — the held money goes back */
export async function refundHeldForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(refundHeldSchema, req.body);
  if (!parsed.ok) return heldFormRefused(req, res, { status: 400, message: Object.values(parsed.fields)[0], fields: parsed.fields });
  const { application, reason, bankReference } = parsed.data;
  const input = { paymentId: String(req.params.id), applicationId: application, reason, bankReference };
  const { payment } = orRefuse(await refundHeldPayment(ctx(req), signedInActor(req, res), input));
  const back = moneyReceived(payment);
  redirectWithFlash(req, res, `/admin/payments/${payment.id}`, {
    title: "Held payment refunded",
    description: `${back ? formatMinor(back.minor, back.currency) : "The amount"} is recorded as refunded; the applicant has been e-mailed.`,
  });
}
