// The staff's list of passports and visas expiring "for a call": applications whose passport expires within six
// months of the planned return date (while the trip is still ahead), and issued visas ending within 30 days. Partial
// indexes keep both a short range scan at any number of applications: the first by return date over the open cases
// whose passport is short, the second by the visa's last day (its ISO text sorts as the date) over the current issued
// decisions.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX visa_applications_passport_short_idx ON visa_applications (departure_date)
     WHERE status IN ('submitted', 'under_review', 'approved')
       AND passport_expiry_date < departure_date + interval '6 months'`,
  );
  await knex.raw(
    `CREATE INDEX case_stages_visa_valid_to_idx ON case_stages ((details->>'validTo'))
     WHERE stage = 'decision' AND ended_at IS NULL AND details->>'outcome' = 'issued'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX case_stages_visa_valid_to_idx");
  await knex.raw("DROP INDEX visa_applications_passport_short_idx");
}
