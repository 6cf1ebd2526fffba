// One SQL statement on its own connection (a database made or dropped, a check of what another process wrote).
import pg from "pg";

export async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
