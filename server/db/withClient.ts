// One short-lived connection for an operator's or the cluster's own statements: opened, used, always closed.
import pg from "pg";

/** Runs `fn` on a fresh client of `url`; the connection ends whether `fn` succeeds or throws. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
