// Admin payment settings: the exchange rate (its history and a plain form to set a new one) and the currency charged.
import type { Request, Response } from "express";
import { formatRate } from "../../../views/lib/money.ts";
import { setExchangeRate } from "../../actions/payments/setExchangeRate.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { rateHistory } from "../../models/exchangeRates.ts";
import { paymentSettingsProps } from "../../presenters/staffPayments.ts";
import { renderPage } from "../../render/renderPage.ts";
import { rateSchema } from "../../validation/paymentSettings.ts";
import { parseInput } from "../../validation/validate.ts";

async function show(req: Request, res: Response, status: number, refused: { message: string; value: string } | null): Promise<void> {
  const { db, config } = ctx(req);
  const history = await rateHistory(db, 20);
  await renderPage(req, res, "admin/PaymentSettings", paymentSettingsProps(history, config.payments.currency, refused), {
    title: "Payment settings",
    status,
  });
}

/** GET /admin/settings/payments — the rate, its history, the currency */
export const paymentSettingsPage = (req: Request, res: Response) => show(req, res, 200, null);

/** A refused rate: the page again, the message under the field and what was typed kept. */
export const exchangeRateFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  show(req, res, status, { message: fields?.rate ?? message, value: typeof req.body?.rate === "string" ? req.body.rate.slice(0, 40) : "" });

/** POST /admin/settings/payments {rate} — sets the rate new quotes use */
export async function exchangeRateForm(req: Request, res: Response): Promise<void> {
  const { rate } = parseInput(rateSchema, req.body);
  orRefuse(await setExchangeRate(ctx(req), signedInActor(req, res), { koboPerUsd: rate }));
  redirectWithFlash(req, res, "/admin/settings/payments", {
    title: "Exchange rate set",
    description: `New quotes use ${formatRate(rate)}. Payments already started keep their quote.`,
  });
}
