// Staff refund a paid fee: the refund page, and its plain form post (a refusal shows the form again with its message).
import type { Request, Response } from "express";
import type { RefundRefusal } from "../../../views/components/admin/RefundForm.tsx";
import { formatMinor } from "../../../views/lib/money.ts";
import { PAYMENT_NOT_FOUND, recordRefund } from "../../actions/payments/recordRefund.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { findPaymentForStaff } from "../../models/paymentLists.ts";
import { isApplicationPayment } from "../../models/payments.ts";
import { refundPageProps } from "../../presenters/staffPayments.ts";
import { renderPage } from "../../render/renderPage.ts";
import { refundSchema } from "../../validation/paymentSettings.ts";
import { parseInput } from "../../validation/validate.ts";

async function show(req: Request, res: Response, status: number, refused: RefundRefusal | null): Promise<void> {
  const payment = await findPaymentForStaff(ctx(req).db, String(req.params.id));
  // A consultation's payment is refunded by cancelling the consultation (the agenda), as recordRefund answers.
  if (!payment || !isApplicationPayment(payment)) {
    await renderPage(
      req,
      res,
      "errors/ErrorPage",
      { status: 404, statusText: "Not Found", message: PAYMENT_NOT_FOUND },
      { title: PAYMENT_NOT_FOUND, status: 404 },
    );
    return;
  }
  await renderPage(req, res, "admin/RecordRefund", refundPageProps(payment, refused), { title: `Refund ${payment.reference_number}`, status });
}

/** GET /admin/payments/:id/refund — the payment and the refund form */
export const refundPage = (req: Request, res: Response) => show(req, res, 200, null);

const typed = (body: Record<string, unknown> | undefined) => ({
  amount: typeof body?.amount === "string" ? body.amount.slice(0, 40) : "",
  reason: typeof body?.reason === "string" ? body.reason.slice(0, 500) : "",
});

/** A refused refund (bad input, the action's or Paystack's refusal, CSRF): the form again, with the message and what was typed. */
export const refundFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  show(req, res, status, { message, fields: fields ?? {}, values: typed(req.body) });

/** POST /admin/payments/:id/refund {amount?, reason} — records the refund (through Paystack first for its payments) */
export async function refundForm(req: Request, res: Response): Promise<void> {
  const { amount, reason } = parseInput(refundSchema, req.body);
  const { payment } = orRefuse(
    await recordRefund(ctx(req), signedInActor(req, res), {
      paymentId: String(req.params.id),
      amountMinor: amount,
      reason,
    }),
  );
  redirectWithFlash(req, res, `/admin/payments/${payment.id}`, {
    title: "Refund recorded",
    description: `${formatMinor(payment.refund_minor ?? 0, payment.currency)} refunded; the applicant has been e-mailed.`,
  });
}
