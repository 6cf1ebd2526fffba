// /payment/{id}, the demo payment API (the server sets the amount) and the printable receipt.
import type { Request, Response } from "express";
import { z } from "zod";
import { ctx } from "../../context.ts";
import { ALREADY_PAID, paymentRefusal } from "../../domain/status.ts";
import { feeFor } from "../../domain/visa.ts";
import { loadOwnOrRedirect } from "../../http/ownApplication.ts";
import { queuePaymentMessage } from "../../mail/applicationMessages.ts";
import { audit } from "../../middleware/audit.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { findForUser } from "../../models/applications.ts";
import { recordPayment } from "../../models/payments.ts";
import { applicationSummary, visaTypeLabel } from "../../presenters/application.ts";
import { renderPage } from "../../render/renderPage.ts";
import { parseInput } from "../../validation/validate.ts";

const ALREADY_PAID_TOAST = { title: "Already Paid", description: ALREADY_PAID };

/** Card fields are checked for format only (SPEC §5: no card validity check); they are never stored or logged. */
const cardSchema = z.object({
  cardholderName: z
    .string({ error: "Cardholder name is required" })
    .trim()
    .min(2, "Cardholder name is required")
    .max(100, "Cardholder name is too long"),
  cardNumber: z.string({ error: "Card number is required" }).regex(/^\d{16}$/, "Card number must be 16 digits"),
  expiry: z
    .string({ error: "Expiry is required" })
    .regex(/^\d{4}$/, "Expiry must be 4 digits (MMYY)")
    .refine((v) => Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 12, "Expiry month must be 01 to 12"),
  cvv: z.string({ error: "CVV is required" }).regex(/^\d{3}$/, "CVV must be 3 digits"),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  await renderPage(
    req,
    res,
    "portal/Payment",
    { application: applicationSummary(row), fee: feeFor(row.visa_type) },
    { title: `Pay for ${row.reference_number}` },
  );
}

/** POST /api/applications/:id/payment — records the fee as paid (card format checked only) */
export async function payApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const row = await findForUser(db, String(req.params.id), userId);
  if (!row) throw new HttpError(404, "Failed to load application");
  parseInput(cardSchema, req.body);
  const refusal = paymentRefusal(row);
  if (refusal) throw new HttpError(409, refusal);
  await sleep(config.paymentDelayMs);
  const amount = feeFor(row.visa_type);
  // The receipt e-mail and the audit row commit with the payment, or neither does.
  const paid = await recordPayment(db, row.id, userId, amount, async (trx, done) => {
    await queuePaymentMessage(ctx(req).outbox, trx, done);
    const details = { amount, reference: done.payment_reference };
    await audit(req, { action: "payment_recorded", subjectType: "application", subjectId: done.id, details }, trx);
  });
  // Paid, or its status changed, while the card was being charged.
  if (!paid) throw new HttpError(409, paymentRefusal((await findForUser(db, row.id, userId)) ?? row) ?? ALREADY_PAID);
  res.json({ amount, paymentReference: paid.payment_reference, redirect: `/application/${row.id}` });
}

/** GET /application/:id/receipt — the receipt of a paid application */
export async function receiptPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  if (row.payment_status !== "paid") {
    redirectWithFlash(req, res, `/application/${row.id}`, { title: "No receipt yet", description: "A receipt is available once the fee is paid." });
    return;
  }
  const { site } = ctx(req).config;
  await renderPage(
    req,
    res,
    "portal/Receipt",
    {
      receipt: {
        consultancy: site.name,
        address: `${site.address.street}, ${site.address.locality}, ${site.address.region}, Nigeria`,
        phone: site.phone,
        email: site.emailSupport,
        applicant: row.full_name ?? "",
        reference: row.reference_number,
        visaType: visaTypeLabel(row.visa_type),
        amount: Number(row.amount_paid),
        paymentReference: row.payment_reference ?? "",
        paidAt: new Date(row.paid_at ?? row.updated_at).toISOString(),
      },
    },
    { title: `Receipt ${row.reference_number}` },
  );
}
