// The staff's page of one payment (/admin/payments/:id), shared by the controllers whose forms are on it (a transfer's
// Confirm and Reject, a held payment's Apply and Refund): shown again with a refused form's message and what was typed.
import type { Request, Response } from "express";
import type { AdminPaymentProps } from "../../views/pages/admin/Payment.tsx";
import { heldView } from "../actions/payments/heldApplicable.ts";
import { PAYMENT_NOT_FOUND } from "../actions/payments/transferDecision.ts";
import { ctx } from "../context.ts";
import type { FormRefusal } from "../middleware/errors.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { findById } from "../models/applications.ts";
import { findPaymentForStaff } from "../models/paymentLists.ts";
import { isApplicationPayment } from "../models/payments.ts";
import { paymentDetail } from "../presenters/adminPayments.ts";
import { renderPage } from "../render/renderPage.ts";

/** The payment's page, with a refused form's message and what was typed; an unknown id goes back to the list. */
export async function renderPaymentPage(req: Request, res: Response, refused?: AdminPaymentProps["refused"] & { status: number }): Promise<void> {
  const { db, config } = ctx(req);
  const row = await findPaymentForStaff(db, String(req.params.id));
  if (!row) {
    redirectWithFlash(req, res, "/admin/payments", { title: "Error", description: PAYMENT_NOT_FOUND, variant: "destructive" });
    return;
  }
  const payment = paymentDetail(row);
  // Money held for staff: what Apply would settle (or why it cannot) and how a refund goes, beside its two forms.
  const app = row.state === "needs_attention" && isApplicationPayment(row) ? await findById(db, row.application_id) : undefined;
  const held = app && isApplicationPayment(row) ? await heldView(db, config, row, app) : null;
  const { status, ...form } = refused ?? { status: 200 };
  await renderPage(
    req,
    res,
    "admin/Payment",
    { payment, held, refused: refused ? (form as AdminPaymentProps["refused"]) : null },
    { title: `Payment ${payment.applicationId ? payment.applicationReference : payment.reference}`, status },
  );
}

const typed = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === "string" ? v.slice(0, 1000) : "";
};

/** Which form was refused, with what the person typed, for the page shown again. */
const formOf = (req: Request): NonNullable<AdminPaymentProps["refused"]>["form"] =>
  req.path.endsWith("/reject") ? "reject" : req.path.endsWith("/held/apply") ? "apply" : req.path.endsWith("/held/refund") ? "refund" : "confirm";

/** A refused Confirm or Reject (the CSRF check, a stale form, an amount short of the quote): the page again with the message. */
export const paymentDecisionRefused: FormRefusal = (req, res, { status, message, fields }) =>
  renderPaymentPage(req, res, {
    status,
    form: formOf(req),
    message,
    fields: fields ?? {},
    values: { received: typed(req, "received"), reason: typed(req, "reason"), bankReference: typed(req, "bankReference") },
  });
