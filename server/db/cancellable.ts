// A query that its caller can stop half-way: it holds a pooled connection of its own, and an abort cancels the
// statement running there (pg_cancel_backend, sent from another pooled connection), so no work goes on that nobody
// will read.
import type { Knex } from "knex";

/** The error a cancelled statement ends with (PostgreSQL's query_canceled). */
export const QUERY_CANCELED = "57014";

/**
 * Runs `query` on a connection held for it alone. When `signal` aborts while the statement runs, the statement is
 * cancelled and the promise rejects with the database's query_canceled error; an abort before the start rejects
 * without a query. The connection goes back to the pool only after a cancel has landed, so it cannot stop a
 * statement of whoever takes the connection next.
 */
export async function cancellable<T>(db: Knex, signal: AbortSignal, query: () => Knex.QueryBuilder | Knex.Raw): Promise<T> {
  signal.throwIfAborted();
  const connection = (await db.client.acquireConnection()) as { processID: number };
  let cancel: Promise<unknown> | null = null;
  const onAbort = () => {
    cancel = db.raw("SELECT pg_cancel_backend(?)", [connection.processID]).catch(() => undefined);
  };
  try {
    signal.throwIfAborted();
    signal.addEventListener("abort", onAbort, { once: true });
    return (await query().connection(connection)) as T;
  } finally {
    signal.removeEventListener("abort", onAbort);
    if (cancel) {
      await cancel;
      // PostgreSQL ignores a cancel that finds the connection idle; should one land just as the statement ends, it
      // is spent here, on a statement of no consequence, rather than on the next user's.
      await db
        .raw("SELECT 1")
        .connection(connection)
        .catch(() => undefined);
    }
    await db.client.releaseConnection(connection);
  }
}
