// What every admin page warns staff about: payments that are only simulated, and Naira fees nobody can pay yet.
import type { NextFunction, Request, Response } from "express";
import type { StaffNotices } from "../../views/types.ts";
import { ctx } from "../context.ts";
import { currentRate } from "../models/exchangeRates.ts";
import { isApiRequest } from "./errors.ts";

/** After the admin guard, for pages only: sets res.locals.staffNotices, which the page's shared data carries. */
export async function staffNotices(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (req.method !== "GET" || isApiRequest(req)) return next();
  const { db, config } = ctx(req);
  const notices: StaffNotices = {
    paymentsSimulated: config.payments.simulated,
    exchangeRateMissing: config.payments.currency === "NGN" && !(await currentRate(db)),
  };
  res.locals.staffNotices = notices;
  next();
}
