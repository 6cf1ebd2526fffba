// The exchange rates staff set (Naira per dollar, in kobo; who and when): the current one quotes a fee.
import type { Knex } from "knex";
import type { Rate } from "../domain/money.ts";

export interface RateRow {
  kobo_per_usd: number;
  set_at: Date;
  set_by_name: string | null;
}

export async function currentRate(db: Knex): Promise<Rate | undefined> {
  const row = await db("exchange_rates").orderBy("id", "desc").first("kobo_per_usd", "set_at");
  return row ? { koboPerUsd: Number(row.kobo_per_usd), setAt: new Date(row.set_at) } : undefined;
}

export async function rateHistory(db: Knex, limit = 20): Promise<RateRow[]> {
  return db("exchange_rates as r")
    .leftJoin("users as u", "u.id", "r.set_by")
    .orderBy("r.id", "desc")
    .limit(limit)
    .select("r.kobo_per_usd", "r.set_at", "u.full_name as set_by_name");
}

export async function insertRate(db: Knex, koboPerUsd: number, setBy: string | null): Promise<Rate> {
  const [row] = await db("exchange_rates").insert({ kobo_per_usd: koboPerUsd, set_by: setBy }).returning(["kobo_per_usd", "set_at"]);
  return { koboPerUsd: Number(row.kobo_per_usd), setAt: new Date(row.set_at) };
}
