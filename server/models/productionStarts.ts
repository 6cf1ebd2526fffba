// Whether a production server has started on this database: recorded at every production start, read by the demo seed.
import type { Knex } from "knex";

export interface ProductionStart {
  first_started_at: Date;
  last_started_at: Date;
  starts: number;
}

/** Called by a production server once its migrations are applied: keeps the first start and moves the last one. */
export async function recordProductionStart(db: Knex): Promise<void> {
  await db.raw(
    `INSERT INTO production_starts (id) VALUES (1)
     ON CONFLICT (id) DO UPDATE SET last_started_at = now(), starts = production_starts.starts + 1`,
  );
}

/**
 * The record, or undefined when no production server has started here. A database without the table is not migrated:
 * nothing can tell whether it serves production, so that is an error rather than "no".
 */
export async function findProductionStart(db: Knex): Promise<ProductionStart | undefined> {
  if (!(await db.schema.hasTable("production_starts"))) throw new Error("The database is not migrated yet: run npm run db:migrate first.");
  return db<ProductionStart>("production_starts").first("first_started_at", "last_started_at", "starts");
}
