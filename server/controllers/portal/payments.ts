// /payment/{id}, the demo payment API (the server sets the amount) and the printable receipt.
import type { Request, Response } from "express";
import { z } from "zod";
import { ctx } from "../../context.ts";
import { feeFor } from "../../domain/visa.ts";
import { queuePaymentMessage } from "../../mail/applicationMessages.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { setFlash } from "../../middleware/session.ts";
import { findForUser } from "../../models/applications.ts";
import { recordPayment } from "../../models/payments.ts";
import { renderPage } from "../../render/renderPage.ts";
import { loadOwnOrRedirect } from "./applications.ts";
import { applicationSummary, visaTypeLabel } from "./presenters.ts";

const ALREADY_PAID = { title: "Already Paid", description: "This application has already been paid for" };

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

export async function paymentPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  if (row.payment_status === "paid") {
    setFlash(req, ALREADY_PAID);
    res.redirect(303, `/application/${row.id}`);
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

export async function payApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db, config } = ctx(req);
  const card = cardSchema.safeParse(req.body ?? {});
  const row = await findForUser(db, String(req.params.id), userId);
  if (!row) throw new HttpError(404, "Failed to load application");
  if (!card.success) {
    const fields: Record<string, string> = {};
    for (const issue of card.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw new HttpError(400, Object.values(fields)[0] ?? "Check the card details.", fields);
  }
  if (row.status === "draft") throw new HttpError(409, "Submit your application before paying the fee.");
  if (row.payment_status === "paid") throw new HttpError(409, ALREADY_PAID.description);
  await sleep(config.paymentDelayMs);
  const amount = feeFor(row.visa_type);
  const paid = await recordPayment(db, row.id, userId, amount, queuePaymentMessage);
  if (!paid) throw new HttpError(409, ALREADY_PAID.description);
  res.json({ amount, paymentReference: paid.payment_reference, redirect: `/application/${row.id}` });
}

export async function receiptPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  if (row.payment_status !== "paid") {
    setFlash(req, { title: "No receipt yet", description: "A receipt is available once the fee is paid." });
    res.redirect(303, `/application/${row.id}`);
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
