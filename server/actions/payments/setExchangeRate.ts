// Staff set the Naira-per-dollar rate new quotes are made at (a payment already started keeps the rate it was quoted).

import type { Rate } from "../../domain/money.ts";
import { insertRate } from "../../models/exchangeRates.ts";
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function setExchangeRate(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { koboPerUsd: number },
): Promise<Outcome<{ rate: Rate }>> {
  return db.transaction(async (trx) => {
    const rate = await insertRate(trx, input.koboPerUsd, actor.userId);
    await auditAs(trx, actor, { action: "exchange_rate_set", details: { kobo_per_usd: input.koboPerUsd } });
    return { ok: true, rate };
  });
}
