// The admin list's CSV export: every matching row in list order through a server-side cursor.
import type { Knex } from "knex";
import { type ListFilters, type ListRow, listed } from "./adminList.ts";

export interface ExportCursor {
  /** The next batch; empty when the list is exhausted. */
  next(): Promise<ListRow[]>;
  close(): Promise<void>;
}

/** Every matching row in list order, fetched in batches through a server-side cursor (memory stays flat). */
export async function openExport(db: Knex, f: ListFilters, batchSize = 500): Promise<ExportCursor> {
  const trx = await db.transaction(undefined, { readOnly: true });
  try {
    const { sql, bindings } = listed(trx, f).toSQL();
    await trx.raw(`DECLARE admin_export NO SCROLL CURSOR FOR ${sql}`, bindings);
  } catch (err) {
    await trx.rollback().catch(() => undefined);
    throw err;
  }
  return {
    async next() {
      const result = await trx.raw(`FETCH ${Math.trunc(batchSize)} FROM admin_export`);
      return result.rows as ListRow[];
    },
    async close() {
      if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
    },
  };
}
