// The analytics rows of the admin dashboard.
import type { Knex } from "knex";

export interface StatsRow {
  visa_type: string | null;
  destination_country: string | null;
  status: string;
  payment_status: string;
  count: number;
  avg_amount: number;
}

/** The analytics rows of SPEC §3 from get_admin_application_stats(). */
export async function applicationStats(db: Knex): Promise<StatsRow[]> {
  const result = await db.raw("SELECT * FROM get_admin_application_stats()");
  return result.rows as StatsRow[];
}
