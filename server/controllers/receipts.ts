// /receipts and /receipts/:code: the public check of a receipt, rate-limited per network and never cached (a refund
// shows at once, and every look-up counts against the limit).
import type { Request, Response } from "express";
import type { ReceiptCheckResult } from "../../views/pages/public/ReceiptCheck.tsx";
import { ctx } from "../context.ts";
import { currentYear } from "../domain/calendar.ts";
import { ipOf } from "../http/signIn.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { peopleOf } from "../models/groupBills.ts";
import { findReceipt } from "../models/payments.ts";
import { normaliseReceiptCode, receiptCheck } from "../presenters/receipt.ts";
import { renderPage } from "../render/renderPage.ts";

export const NO_RECEIPT = "No receipt has this code";

async function answer(req: Request, res: Response, status: number, code: string, result: ReceiptCheckResult | null): Promise<void> {
  // A code is as good as the receipt it names: search engines keep none of these pages.
  res.set("X-Robots-Tag", "noindex");
  await renderPage(req, res, "public/ReceiptCheck", { year: currentYear(), code, result }, { title: "Check a receipt", status, noindex: true });
}

/** GET /receipts[?code=…] — the form; a typed code goes on to its own address */
export async function receiptFormPage(req: Request, res: Response): Promise<void> {
  const code = normaliseReceiptCode(typeof req.query.code === "string" ? req.query.code : "");
  if (code) {
    res.redirect(303, `/receipts/${encodeURIComponent(code)}`);
    return;
  }
  await answer(req, res, 200, "", null);
}

/** GET /receipts/:code — "Genuine receipt — …" or "No receipt has this code" (404) */
export async function receiptCheckPage(req: Request, res: Response): Promise<void> {
  const code = normaliseReceiptCode(String(req.params.code));
  try {
    await enforceLimit(req, LIMITS.receiptCheckPerIp, networkOf(ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return answer(req, res, err.status, code, { genuine: false, message: err.message });
    throw err;
  }
  // A malformed code is looked up like any other: its answer takes as long as an unknown one's.
  const row = await findReceipt(ctx(req).db, code);
  if (!row) return answer(req, res, 404, code, { genuine: false, message: NO_RECEIPT });
  await answer(req, res, 200, code, receiptCheck(row, await peopleOf(ctx(req).db, row.covers ?? [])));
}
