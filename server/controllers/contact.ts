// POST /contact: the contact form (JSON from the page, or a plain form post without JavaScript) becomes an enquiry.
import type { Request, Response } from "express";
import { contactFormCopy } from "../../views/content/layout.ts";
import { receiveEnquiry } from "../actions/enquiries/receiveEnquiry.ts";
import { ctx } from "../context.ts";
import { currentYear } from "../domain/calendar.ts";
import { ipOf } from "../http/signIn.ts";
import { sameOrigin } from "../middleware/csrf.ts";
import { type FormRefusal, HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { contactSchema } from "../validation/contact.ts";
import { checkInput } from "../validation/validate.ts";

const FIELDS = ["name", "email", "phone", "message", "package"] as const;
const SENT = { title: contactFormCopy.sentTitle, description: contactFormCopy.sentDescription };

/** What the visitor typed, kept for the form when something goes wrong (nothing is lost). */
function typed(body: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS) out[f] = typeof body?.[f] === "string" ? (body[f] as string).slice(0, 5000) : "";
  return out;
}

async function answer(req: Request, res: Response, status: number, result: { message?: string; fields?: Record<string, string> }) {
  if (wantsJson(req)) {
    if (status >= 400) res.status(status).json({ error: { message: result.message, ...(result.fields ? { fields: result.fields } : {}) } });
    else res.json(SENT);
    return;
  }
  const year = currentYear();
  const props = status >= 400 ? { year, error: result.message, fields: result.fields ?? {}, values: typed(req.body) } : { year, sent: SENT };
  await renderPage(req, res, "public/ContactResult", props, { title: contactFormCopy.heading, status, noindex: true });
}

/** A refused post (cross-site, or anything thrown on the way): the form again with the message and what was typed. */
export const contactFormRefused: FormRefusal = (req, res, { status, message, fields }) => answer(req, res, status, { message, fields });

/** POST /contact — the contact form and every "Book Now" (JSON from the page, or a plain form post) */
export async function contactForm(req: Request, res: Response): Promise<void> {
  // The marketing page is cached without a CSRF token; a cross-site post is still refused by its origin.
  if (!sameOrigin(req)) throw new HttpError(403, "Cross-site request refused.");
  const parsed = checkInput(contactSchema, req.body);
  if (!parsed.ok) return answer(req, res, 400, { message: Object.values(parsed.fields)[0] ?? "Please check the form.", fields: parsed.fields });
  try {
    await enforceLimit(req, LIMITS.contactPerIp, networkOf(ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return answer(req, res, err.status, { message: err.message });
    throw err;
  }
  // Honeypot: a field people never see. A bot that fills it is told it succeeded, and nothing is kept or sent.
  if (typeof req.body?.website === "string" && req.body.website.trim() !== "") return answer(req, res, 200, {});
  await receiveEnquiry(ctx(req), parsed.data);
  await answer(req, res, 200, {});
}
