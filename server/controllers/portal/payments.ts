// /payment/{id}, the demo payment API (the server sets the amount), bank transfer's forms and proof, and the printable receipt.
import type { NextFunction, Request, Response } from "express";
import { SERVICE_AGREEMENT_VERSION } from "../../../views/content/serviceAgreement.ts";
import { formatMinor } from "../../../views/lib/money.ts";
import { LOAD_FAILED } from "../../actions/applications/refusals.ts";
import { recordFileDownload } from "../../actions/documents/recordFileDownload.ts";
import { ownAccountFor } from "../../actions/payments/dedicatedAccounts.ts";
import { coveredBy, ownFeesOwed } from "../../actions/payments/groupBill.ts";
import { payWithDemoCard } from "../../actions/payments/payWithDemoCard.ts";
import { billNow } from "../../actions/payments/quote.ts";
import { startBankTransfer } from "../../actions/payments/startBankTransfer.ts";
import { uploadTransferProof } from "../../actions/payments/uploadTransferProof.ts";
import { withdrawTransfer } from "../../actions/payments/withdrawTransfer.ts";
import { ctx } from "../../context.ts";
import { agreementPath } from "../../domain/agreements.ts";
import { GROUP_BILL } from "../../domain/familyBill.ts";
import { ALREADY_PAID, paymentRefusal } from "../../domain/status.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { loadOwnOrRedirect } from "../../http/ownApplication.ts";
import { mayRead, sendFile } from "../../http/privateFile.ts";
import { siteOrigin } from "../../http/siteOrigin.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError, notFoundHandler } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { singleFile } from "../../middleware/upload.ts";
import { caseOwner } from "../../models/admin.ts";
import { signedAgreementOf } from "../../models/agreementSignatures.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { type BilledRow, peopleOf } from "../../models/groupBills.ts";
import { owesAfterLodging } from "../../models/instalments.ts";
import { findPayment, isApplicationPayment, paymentsOfApplication, settledPayment } from "../../models/payments.ts";
import { applicationSummary } from "../../presenters/application.ts";
import { billView } from "../../presenters/bill.ts";
import { instalmentViews } from "../../presenters/instalments.ts";
import { attemptView, paymentOptions, quoteView } from "../../presenters/payment.ts";
import { printableReceipt } from "../../presenters/receipt.ts";
import { renderPage } from "../../render/renderPage.ts";
import { cardSchema, withdrawTransferSchema } from "../../validation/payment.ts";
import { checkInput, parseInput } from "../../validation/validate.ts";

const ALREADY_PAID_TOAST = { title: "Already Paid", description: ALREADY_PAID };

/** GET /payment/:id — the payment form */
export async function paymentPage(req: Request, res: Response): Promise<void> {
  const row = await loadOwnOrRedirect(req, res);
  if (!row) return;
  await renderPaymentPage(req, res, row);
}

/** The payment page of `row`, or where an application that cannot be paid goes; with a refused form's message. */
async function renderPaymentPage(req: Request, res: Response, row: ApplicationRow, refused?: { status: number; message: string }): Promise<void> {
  const { db, config } = ctx(req);
  const refusal = paymentRefusal(row, await owesAfterLodging(db, row));
  if (refusal) {
    const toast =
      refusal === ALREADY_PAID ? ALREADY_PAID_TOAST : { title: "Payment not available", description: refusal, variant: "destructive" as const };
    redirectWithFlash(req, res, `/application/${row.id}`, toast);
    return;
  }
  // A family member's case whose fee the lead's bill carries is paid on the lead's payment page.
  const lead = await coveredBy(db, row);
  if (lead) {
    redirectWithFlash(req, res, `/payment/${lead.id}`, { title: "Paid with the family group", description: GROUP_BILL(lead.reference_number) });
    return;
  }
  // Before the agreement in force is signed, the page offers it instead of the ways to pay (each refuses without it).
  const agreement = (await signedAgreementOf(db, row.id, SERVICE_AGREEMENT_VERSION)) ? null : { href: agreementPath(row.id) };
  const quoted = await billNow(db, config, row);
  const attempts = (await paymentsOfApplication(db, row.id)).filter((p) => p.state === "pending" || p.state === "awaiting_confirmation");
  const transferWaiting = attempts.some((p) => p.state === "awaiting_confirmation");
  // Asked for here (once; Paystack is called by a job, so a slow or down Paystack never holds the page up).
  const ownAccount = quoted.ok && !transferWaiting && !agreement ? await ownAccountFor(ctx(req), row.user_id) : undefined;
  await renderPage(
    req,
    res,
    "portal/Payment",
    {
      application: applicationSummary(row),
      quote: quoted.ok ? quoteView(quoted.quote) : null,
      bill: quoted.ok ? billView(quoted.bill, quoteView(quoted.quote).rateDate) : null,
      unavailable: quoted.ok ? null : quoted.message,
      options: paymentOptions(config),
      attempts: attempts.map(attemptView),
      transferError: refused?.message ?? null,
      ownAccount: ownAccount ?? null,
      agreement,
      otherFeesOwed: ownAccount ? (await ownFeesOwed(db, row.user_id)) > 1 : false,
      instalment:
        quoted.ok && quoted.next
          ? (instalmentViews(quoted.instalments, quoted.bill.currency).find((i) => i.position === quoted.next?.position) ?? null)
          : null,
    },
    { title: `Pay for ${row.reference_number}`, status: refused?.status },
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
  // A family member paid with the group's bill: the group's receipt, which names them.
  const billedWith = (row as BilledRow).billed_with_id;
  const receiptRow = billedWith ? await findForUser(db, billedWith, row.user_id) : row;
  const payment = row.payment_status === "pending" || !receiptRow ? undefined : await settledPayment(db, receiptRow.id);
  if (!payment || !receiptRow) {
    redirectWithFlash(req, res, `/application/${row.id}`, { title: "No receipt yet", description: "A receipt is available once the fee is paid." });
    return;
  }
  await renderPage(
    req,
    res,
    "portal/Receipt",
    { receipt: await printableReceipt(config, siteOrigin(req), receiptRow, payment, await peopleOf(db, payment.covers)) },
    { title: `Receipt ${row.reference_number}` },
  );
}

// ---- bank transfer (plain forms: they work without JavaScript) ----

/** A refused bank-transfer form: the payment page again with the message, at the refusal's status. */
export const bankTransferRefused: FormRefusal = async (req, res, refusal) => {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) return notFoundHandler(req, res);
  await renderPaymentPage(req, res, row, refusal);
};

/** POST /payment/:id/bank-transfer — starts (or shows again) a transfer at today's quote with its narration code */
export async function startBankTransferForm(req: Request, res: Response): Promise<void> {
  orRefuse(await startBankTransfer(ctx(req), signedInActor(req, res), { applicationId: String(req.params.id) }));
  res.redirect(303, `/payment/${req.params.id}`);
}

/** POST /payment/:id/bank-transfer/withdraw {reason} — the applicant closes their transfer to pay another way */
export async function withdrawTransferForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(withdrawTransferSchema, req.body);
  if (!parsed.ok) return bankTransferRefused(req, res, { status: 400, message: Object.values(parsed.fields)[0], fields: parsed.fields });
  orRefuse(await withdrawTransfer(ctx(req), signedInActor(req, res), { applicationId: String(req.params.id), reason: parsed.data.reason }));
  redirectWithFlash(req, res, `/payment/${req.params.id}`, {
    title: "Transfer withdrawn",
    description: "You can pay another way now. If you already sent the money, tell us in your messages and we will refund it.",
  });
}

/** Before any byte is stored: bank transfer is offered and the application is the applicant's own. */
async function ownTransfer(req: Request, res: Response, next: NextFunction): Promise<void> {
  const { db, config } = ctx(req);
  const row = config.payments.providers.includes("bank_transfer") ? await findForUser(db, String(req.params.id), requireUserId(res)) : undefined;
  if (!row) throw new HttpError(404, LOAD_FAILED);
  next();
}

async function transferProofHandler(req: Request, res: Response): Promise<void> {
  if (!req.file) throw new HttpError(400, "Choose the file of your transfer's proof.");
  const file = { tempId: req.file.tempId, originalName: req.file.originalname, size: req.file.size };
  orRefuse(await uploadTransferProof(ctx(req), signedInActor(req, res), { applicationId: String(req.params.id), file }));
  redirectWithFlash(req, res, `/payment/${req.params.id}`, {
    title: "Proof received",
    description: "Waiting for our confirmation — usually within one working day.",
  });
}

/** POST /payment/:id/bank-transfer/proof (multipart, the token in the URL) — the transfer's proof, checked by its bytes */
export const transferProofForm = [ownTransfer, singleFile, transferProofHandler];

/** GET /files/payments/:paymentId/proof — a transfer's proof, to its owner or staff (anyone else: 404) */
export async function transferProofFile(req: Request, res: Response): Promise<void> {
  const found = await findPayment(ctx(req).db, String(req.params.paymentId));
  const payment = found && isApplicationPayment(found) ? found : undefined;
  const owner = payment && (await caseOwner(ctx(req).db, payment.application_id));
  if (!payment?.proof_path || !payment.proof_mime || !owner || !mayRead(res, owner)) throw new HttpError(404, "File not found");
  await recordFileDownload(ctx(req), signedInActor(req, res), {
    ownerId: payment.user_id,
    subjectType: "application",
    subjectId: payment.application_id,
    details: { file: "transfer proof", payment: payment.id },
  });
  await sendFile(req, res, { path: payment.proof_path, mime: payment.proof_mime, name: payment.proof_name ?? "proof" });
}
