// /payment/{id}, the demo payment API (the server sets the amount) and the printable receipt.
import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { payWithDemoCard } from "../../actions/payments/payWithDemoCard.ts";
import { quoteNow } from "../../actions/payments/quote.ts";
import { ctx } from "../../context.ts";
import { ALREADY_PAID, paymentRefusal } from "../../domain/status.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { loadOwnOrRedirect } from "../../http/ownApplication.ts";
import { siteOrigin } from "../../http/siteOrigin.ts";
import { HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { findForUser } from "../../models/applications.ts";
import { paymentsOfApplication, settledPayment } from "../../models/payments.ts";
import { applicationSummary } from "../../presenters/application.ts";
import { attemptView, paymentOptions, quoteView } from "../../presenters/payment.ts";
import { printableReceipt } from "../../presenters/receipt.ts";
import { renderPage } from "../../render/renderPage.ts";
import { cardSchema } from "../../validation/payment.ts";
import { parseInput } from "../../validation/validate.ts";

const ALREADY_PAID_TOAST = { title: "Already Paid", description: ALREADY_PAID };

/** GET /payment/:id — the payment form */
export async function paymentPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const refusal = paymentRefusal(row);
  if (refusal) {
    const toast =
      refusal === ALREADY_PAID ? ALREADY_PAID_TOAST : { title: "Payment not available", description: refusal, variant: "destructive" as const };
    redirectWithFlash(req, res, `/application/${row.id}`, toast);
    return;
  }
  const { db, config } = ctx(req);
  const quoted = await quoteNow(db, config, row.visa_type);
  const attempts = (await paymentsOfApplication(db, row.id)).filter((p) => p.state === "pending" || p.state === "awaiting_confirmation");
  await renderPage(
    req,
    res,
    "portal/Payment",
    {
      application: applicationSummary(row),
      quote: quoted.ok ? quoteView(quoted.quote) : null,
      unavailable: quoted.ok ? null : quoted.message,
      options: paymentOptions(config),
      attempts: attempts.map(attemptView),
    },
    { title: `Pay for ${row.reference_number}` },
  );
}

/** POST /api/applications/:id/payment — records the fee as paid (card format checked only) */
export async function payApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  // Someone else's (or no) application answers 404 before the card is looked at.
  if (!(await findForUser(ctx(req).db, String(req.params.id), actor.userId))) throw new HttpError(404, LOAD_FAILED);
  parseInput(cardSchema, req.body);
  const { row, payment } = orRefuse(await payWithDemoCard(ctx(req), actor, { applicationId: String(req.params.id) }));
  res.json({
    amount: formatMinor(payment.amount_minor, payment.currency),
    paymentReference: payment.reference,
    redirect: `/application/${row.id}`,
  });
}

/** GET /application/:id/receipt — the receipt of a paid (or since refunded) application */
export async function receiptPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  const { db, config } = ctx(req);
  const payment = row.payment_status === "pending" ? undefined : await settledPayment(db, row.id);
  if (!payment) {
    redirectWithFlash(req, res, `/application/${row.id}`, { title: "No receipt yet", description: "A receipt is available once the fee is paid." });
    return;
  }
  await renderPage(
    req,
    res,
    "portal/Receipt",
    { receipt: await printableReceipt(config, siteOrigin(req), row, payment) },
    { title: `Receipt ${row.reference_number}` },
  );
}
