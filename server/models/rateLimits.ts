// Fixed-window counters in PostgreSQL, so limits hold across every server process.
import type { Knex } from "knex";

export interface Hit {
  hits: number;
  resetAt: Date;
}

/** Counts one hit for `key` in a window of `windowMs` and returns the count so far. */
export async function hit(db: Knex, key: string, windowMs: number): Promise<Hit> {
  const { rows } = await db.raw(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, now() + (? * interval '1 millisecond'))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, reset_at`,
    [key, windowMs],
  );
  return { hits: rows[0].hits, resetAt: rows[0].reset_at };
}

export async function clear(db: Knex, key: string): Promise<void> {
  await db("rate_limits").where({ key }).delete();
}

export async function pruneExpired(db: Knex): Promise<number> {
  return db("rate_limits").where("reset_at", "<", db.fn.now()).delete();
}
