// The case's bill on the staff's case page: a line added or removed (plain form posts, POST-redirect-GET with a toast);
// a refused form shows the page again with its message beside the form, at the refusal's status.
import type { Request, Response } from "express";
import { addBillLine, removeBillLine } from "../../actions/payments/billLines.ts";
import { setFamilyRate } from "../../actions/payments/familyRate.ts";
import { splitBill } from "../../actions/payments/splitBill.ts";
import { ctx } from "../../context.ts";
import { orRefuse, staffActor } from "../../http/actions.ts";
import { renderReview } from "../../http/reviewPage.ts";
import { type FormRefusal, HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";

const billUrl = (req: Request) => `/admin/application/${String(req.params.id)}#bill`;

/** The form's typed values (never the CSRF token), to show again beside its message. */
function typed(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((body as Record<string, unknown>) ?? {})) if (k !== "_csrf" && typeof v === "string") out[k] = v.slice(0, 600);
  return out;
}

export const billFormRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  if (status === 404) throw new HttpError(404, message);
  const form = req.params.lineId
    ? `remove:${String(req.params.lineId)}`
    : req.path.endsWith("/instalments")
      ? "split"
      : req.path.endsWith("/family-rate")
        ? "rate"
        : "add";
  await renderReview(req, res, null, status, { form, message, fields: fields ?? {}, values: typed(req.body) });
};

/** POST /admin/application/:id/bill/lines {kind, label, amount, currency, rate, reason} */
export async function addLineForm(req: Request, res: Response): Promise<void> {
  const { line } = orRefuse(await addBillLine(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), fields: req.body ?? {} }));
  redirectWithFlash(req, res, billUrl(req), { title: "Line added", description: `${line.label} is on the bill.` });
}

/** POST /admin/application/:id/bill/lines/:lineId/remove {reason} */
export async function removeLineForm(req: Request, res: Response): Promise<void> {
  const { line } = orRefuse(
    await removeBillLine(ctx(req), staffActor(req, res), {
      applicationId: String(req.params.id),
      lineId: String(req.params.lineId),
      fields: req.body ?? {},
    }),
  );
  redirectWithFlash(req, res, billUrl(req), { title: "Line removed", description: `${line.label} is no longer on the bill.` });
}

/** POST /admin/application/:id/bill/instalments {amount_N, due_N for N = 1…6, after_lodging} */
export async function splitForm(req: Request, res: Response): Promise<void> {
  const { instalments } = orRefuse(await splitBill(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), fields: req.body ?? {} }));
  redirectWithFlash(req, res, billUrl(req), { title: "Bill split", description: `The bill is paid in ${instalments.length} instalments.` });
}

/** POST /admin/application/:id/bill/family-rate {percent, reason} sets the family group's rate; {clear, reason} clears it */
export async function familyRateForm(req: Request, res: Response): Promise<void> {
  const { percent } = orRefuse(await setFamilyRate(ctx(req), staffActor(req, res), { applicationId: String(req.params.id), fields: req.body ?? {} }));
  redirectWithFlash(req, res, billUrl(req), {
    title: percent ? "Family rate set" : "Family rate cleared",
    description: percent ? `Each family member's service fee is ${percent}% of the price list.` : "Each family member pays the price list.",
  });
}
