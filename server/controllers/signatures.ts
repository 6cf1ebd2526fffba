// /signatures/:code: anyone holding a signed answer sheet or service agreement (its code, or its QR code) checks it — rate-limited per
// network like receipts, never cached, naming initials and the day only.
import type { Request, Response } from "express";
import { formatDate } from "../../views/lib/format.ts";
import type { SignatureCheckResult } from "../../views/pages/portal/signTypes.ts";
import { ctx } from "../context.ts";
import { currentYear } from "../domain/calendar.ts";
import { contentHash, NO_SIGNATURE, normaliseSignatureCode, type SignedContent } from "../domain/signatures.ts";
import { ipOf } from "../http/signIn.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { findAgreementByCode } from "../models/agreementSignatures.ts";
import { findSignatureByCode } from "../models/signatures.ts";
import { initialsOf } from "../presenters/receipt.ts";
import { renderPage } from "../render/renderPage.ts";

async function answer(req: Request, res: Response, status: number, code: string, result: SignatureCheckResult): Promise<void> {
  res.set("X-Robots-Tag", "noindex");
  await renderPage(
    req,
    res,
    "public/SignatureCheck",
    { year: currentYear(), code, result },
    { title: "Check a signed document", status, noindex: true },
  );
}

/** GET /signatures/:code — "Signed by A. N. on 3 Dec 2026, document hash matches", or 404 */
export async function signatureCheckPage(req: Request, res: Response): Promise<void> {
  const code = normaliseSignatureCode(String(req.params.code));
  try {
    await enforceLimit(req, LIMITS.signatureCheckPerIp, networkOf(ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return answer(req, res, err.status, code, { genuine: false, message: err.message });
    throw err;
  }
  const row = (await findSignatureByCode(ctx(req).db, code)) ?? (await findAgreementByCode(ctx(req).db, code));
  if (!row) return answer(req, res, 404, code, { genuine: false, message: NO_SIGNATURE });
  // The stored content hashed again: it is what the PDF shows, so a tampered row says so.
  const matches = contentHash(row.content as SignedContent) === row.content_hash;
  const who = initialsOf(row.typed_name);
  const day = formatDate(new Date(row.signed_at).toISOString());
  const line = matches ? `Signed by ${who} on ${day}, document hash matches` : `Signed by ${who} on ${day}, but the document hash does not match`;
  await answer(req, res, 200, code, matches ? { genuine: true, line } : { genuine: false, message: line });
}
