// What a backup must bring back: every table's rows and every file's bytes, as comparable digests.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { query as sql } from "./sql.ts";

/** Row count and an order-independent checksum of every row, per table of the public schema. */
export async function tableDigests(dbUrl: string): Promise<Record<string, string>> {
  const tables = await sql(dbUrl, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const out: Record<string, string> = {};
  for (const { tablename } of tables as { tablename: string }[]) {
    const [row] = await sql(dbUrl, `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${tablename}" t`);
    out[tablename] = `${row.n}:${row.sum}`;
  }
  return out;
}

/** SHA-256 of every file under `root`, by its path relative to it. */
export function fileDigests(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(root, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return out;
}
