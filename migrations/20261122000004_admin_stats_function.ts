// get_admin_application_stats(): the analytics rows of SPEC §3, grouped per category combination.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  // avg_amount averages amount_paid with unpaid rows counted as 0, so that
  // sum(avg_amount * count) is exactly the revenue received (SPEC §9 formula).
  await knex.raw(`
    CREATE FUNCTION get_admin_application_stats()
    RETURNS TABLE (
      visa_type text,
      destination_country text,
      status text,
      payment_status text,
      count bigint,
      avg_amount numeric
    )
    LANGUAGE sql STABLE
    AS $$
      SELECT a.visa_type, a.destination_country, a.status, a.payment_status,
             count(*)::bigint, avg(coalesce(a.amount_paid, 0))
        FROM visa_applications a
       GROUP BY a.visa_type, a.destination_country, a.status, a.payment_status
    $$
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP FUNCTION get_admin_application_stats()");
}
