// Part 3: the admin list and analytics with 1,000,000 applications (bulk-loaded with generate_series).

import type { Knex } from "knex";
import { WAITING_DAYS_FILL } from "../../migrations/20261130000160_waiting_days.ts";
import { hashPassword } from "../../server/auth/passwords.ts";
import { enrolStaff, ms, percentile, type Section, signIn, withoutTimeLimit } from "../lib.ts";
import { familyFigures, seedFamilies } from "./adminFamilies.ts";
import { send } from "./load.ts";

const FIRST_NAMES = [
  "Adaeze",
  "Adebayo",
  "Aisha",
  "Amaka",
  "Babajide",
  "Bisola",
  "Chidinma",
  "Chinedu",
  "Chioma",
  "Damilola",
  "Emeka",
  "Esther",
  "Fatima",
  "Folake",
  "Funmilayo",
  "Gbenga",
  "Halima",
  "Ibrahim",
  "Ifeoma",
  "Kelechi",
  "Kemi",
  "Musa",
  "Nkechi",
  "Ngozi",
  "Obinna",
  "Olamide",
  "Oluwaseun",
  "Segun",
  "Tobi",
  "Tunde",
  "Uche",
  "Usman",
  "Yemi",
  "Yusuf",
  "Zainab",
  "Abdullahi",
  "Blessing",
  "Ebuka",
  "Femi",
  "Hauwa",
];
const SURNAMES = [
  "Abubakar",
  "Adeleke",
  "Adeyemi",
  "Afolabi",
  "Agbaje",
  "Akande",
  "Aliyu",
  "Anyanwu",
  "Bakare",
  "Balogun",
  "Bello",
  "Chukwu",
  "Danjuma",
  "Ekwueme",
  "Eze",
  "Fashola",
  "Ibekwe",
  "Ibrahim",
  "Igwe",
  "Lawal",
  "Mohammed",
  "Nnamdi",
  "Nwachukwu",
  "Nwosu",
  "Obi",
  "Odukoya",
  "Ogunleye",
  "Okafor",
  "Okeke",
  "Okonkwo",
  "Oladipo",
  "Olaniyan",
  "Onyeka",
  "Oyelaran",
  "Salami",
  "Sani",
  "Suleiman",
  "Uzor",
  "Yakubu",
  "Yusuf",
];

/**
 * Loads `count` applications by count / 2.5 applicants in one statement per batch, with a realistic spread: 1,600
 * first-name and surname pairs (so a full name is shared by a few hundred applications and a first name by one in
 * forty), applicants' applications scattered over three years, and every type, status and destination. Submitted
 * cases are shared among `assignees`, one in ten left unassigned (drafts are nobody's).
 */
export async function seedApplications(db: Knex, count: number, assignees: string[] = []): Promise<number> {
  const started = performance.now();
  const applicants = Math.max(1, Math.round(count / 2.5));
  const firsts = `ARRAY[${FIRST_NAMES.map((n) => `'${n}'`).join(",")}]`;
  const lasts = `ARRAY[${SURNAMES.map((n) => `'${n}'`).join(",")}]`;
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    await trx.raw(
      `INSERT INTO users (email, full_name, password_hash)
       SELECT lower(f) || '.' || lower(l) || g || (ARRAY['@gmail.com','@yahoo.com','@outlook.com','@mail.ng'])[1 + g % 4], f || ' ' || l, 'x'
         FROM generate_series(1, ?::int) g
        CROSS JOIN LATERAL (SELECT (${firsts})[1 + g % ${FIRST_NAMES.length}] AS f, (${lasts})[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}] AS l) n`,
      [applicants],
    );
  });
  // The applicants numbered, so each application can pick its own by a hash join rather than an array lookup.
  await db.raw("DROP TABLE IF EXISTS bench_applicants");
  await db.raw(
    "CREATE UNLOGGED TABLE bench_applicants AS SELECT row_number() OVER (ORDER BY id)::int AS n, id, full_name, email FROM users WHERE password_hash = 'x'",
  );
  await db.raw("ALTER TABLE bench_applicants ADD PRIMARY KEY (n)");
  // A bulk import: the per-row stats trigger is off while loading, and the counts are rebuilt once afterwards.
  await db.raw("ALTER TABLE visa_applications DISABLE TRIGGER application_stats_insert_delete");
  await db.raw("ALTER TABLE visa_applications DISABLE TRIGGER assignee_stats_insert_delete");
  await db.raw("ALTER TABLE visa_applications DISABLE TRIGGER application_days_insert_delete");
  await db.raw("ALTER TABLE visa_applications DISABLE TRIGGER waiting_days_insert_delete");
  const batch = 100_000;
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch);
    await db.transaction(async (trx) => {
      // Bulk loading is the one place a statement may run longer than the server's 15 s limit.
      await trx.raw("SET LOCAL statement_timeout = 0");
      await trx.raw(
        `INSERT INTO visa_applications (user_id, reference_number, visa_type, status, current_step, full_name, email, destination_country,
                                        created_at, submitted_at, payment_status, amount_paid, payment_reference, documents_to_review, assignee_id,
                                        status_since)
         SELECT u.id, 'VA-BULK-' || lpad(g::text, 7, '0'),
                (ARRAY['tourist','work','study','family','business'])[1 + g % 5],
                s.status, 8, u.full_name, u.email,
                (ARRAY['United Kingdom','Canada','United States','Germany','Australia','United Arab Emirates','Portugal','Ireland'])[1 + g % 8],
                c.created_at,
                CASE WHEN s.status = 'draft' THEN NULL ELSE least(now(), c.created_at + (g % 72) * interval '1 hour') END,
                CASE WHEN s.status IN ('approved','under_review') THEN 'paid' ELSE 'pending' END,
                CASE WHEN s.status IN ('approved','under_review') THEN 150 + (g % 5) * 25 END,
                CASE WHEN s.status IN ('approved','under_review') THEN 'PAY-BULK-' || g END,
                -- One in ten cases in review has files waiting: 40,000 of a million.
                CASE WHEN s.status IN ('submitted','under_review') AND g % 10 = 3 THEN 1 + g % 3 ELSE 0 END,
                CASE WHEN s.status = 'draft' OR g % 10 = 0 OR cardinality(?::uuid[]) = 0 THEN NULL
                     ELSE (?::uuid[])[1 + g % greatest(cardinality(?::uuid[]), 1)] END,
                -- In its status since: a draft since it was made; an open case for up to ten days (about half the
                -- submitted ones late, none under review); a decision 1 to 20 days after submission.
                CASE WHEN s.status = 'draft' THEN c.created_at
                     WHEN s.status IN ('submitted','under_review') THEN now() - (g % 240) * interval '1 hour'
                     ELSE least(now(), c.created_at + (g % 72) * interval '1 hour' + (1 + g % 20) * interval '1 day') END
           FROM generate_series(?::int, ?::int) g
           JOIN bench_applicants u ON u.n = 1 + ((g::bigint * 48271) % ?::int)
           CROSS JOIN LATERAL (SELECT (ARRAY['draft','submitted','under_review','approved','rejected'])[1 + (g / 7) % 5] AS status) s
           CROSS JOIN LATERAL (SELECT now() - ((g::bigint * 7919) % 1095) * interval '1 day' - ((g::bigint * 104729) % 86400) * interval '1 second' AS created_at) c`,
        [assignees, assignees, assignees, from + 1, to, applicants],
      );
    });
  }
  await db.raw("ALTER TABLE visa_applications ENABLE TRIGGER application_stats_insert_delete");
  await db.raw("ALTER TABLE visa_applications ENABLE TRIGGER assignee_stats_insert_delete");
  await db.raw("ALTER TABLE visa_applications ENABLE TRIGGER application_days_insert_delete");
  await db.raw("ALTER TABLE visa_applications ENABLE TRIGGER waiting_days_insert_delete");
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    await trx.raw("DELETE FROM application_stats");
    await trx.raw(`INSERT INTO application_stats (visa_type, destination_country, status, payment_status, count, sum_amount)
                   SELECT visa_type, destination_country, status, payment_status, count(*), sum(coalesce(amount_paid, 0))
                     FROM visa_applications GROUP BY 1, 2, 3, 4`);
    await trx.raw("DELETE FROM assignee_stats");
    await trx.raw(`INSERT INTO assignee_stats (assignee_id, status, visa_type, count)
                   SELECT assignee_id, status, visa_type, count(*) FROM visa_applications GROUP BY 1, 2, 3`);
    await trx.raw("DELETE FROM application_days");
    await trx.raw(`INSERT INTO application_days (day, started, submitted)
                   SELECT day, sum(started), sum(submitted) FROM (
                     SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date AS day, count(*) AS started, 0 AS submitted FROM visa_applications GROUP BY 1
                     UNION ALL
                     SELECT (submitted_at AT TIME ZONE 'Africa/Lagos')::date, 0, count(*) FROM visa_applications WHERE submitted_at IS NOT NULL GROUP BY 1
                   ) d GROUP BY day`);
    await trx.raw("DELETE FROM waiting_days");
    await trx.raw(WAITING_DAYS_FILL);
  });
  await seedMessages(db);
  await seedPayments(db);
  // A steady-state table: visibility map set, statistics current (autovacuum would do this in time).
  await withoutTimeLimit(db, ["VACUUM ANALYZE visa_applications", "VACUUM ANALYZE application_messages", "VACUUM ANALYZE payments"]);
  await db.raw("DROP TABLE bench_applicants");
  await withoutTimeLimit(db, ["ANALYZE users"]);
  return (performance.now() - started) / 1000;
}

/** One application in ten has a conversation: a question, staff's answer and a second question no staff member has read. */
async function seedMessages(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    await trx.raw(`INSERT INTO application_messages (application_id, author_id, author_role, body, created_at, read_at)
                   SELECT a.id, a.user_id, m.role, 'Bench message ' || m.k, a.created_at + m.k * interval '1 hour',
                          CASE WHEN m.k < 3 THEN a.created_at + (m.k + 1) * interval '1 hour' END
                     FROM visa_applications a
                    CROSS JOIN (VALUES (1, 'applicant'), (2, 'staff'), (3, 'applicant')) m (k, role)
                    WHERE a.reference_number LIKE 'VA-BULK-%0'`);
  });
}

/** Every paid application's payment, in Naira at ₦1,550/$, made two hours after its submission: revenue per month reads them. */
async function seedPayments(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    await trx.raw(`INSERT INTO payments (application_id, user_id, provider, currency, amount_minor, fee_usd_cents, quote_expires_at,
                                         reference, state, receipt_code, paid_at, created_at)
                   SELECT id, user_id, 'paystack', 'NGN', (amount_paid * 155000)::bigint, (amount_paid * 100)::int, submitted_at,
                          payment_reference, 'paid', 'BULK' || substr(md5(id::text), 1, 12),
                          least(now(), submitted_at + interval '2 hours'), submitted_at
                     FROM visa_applications WHERE payment_status = 'paid' AND reference_number LIKE 'VA-BULK-%'`);
  });
}

/**
 * The stages after approval of every approved bulk case: lodged ten days after it was made (for the United Kingdom),
 * and a visa-centre appointment a month after, at a working hour (about 180 a day over three years, a week of them
 * about 1,300): the calendar reads a day or a week of them. The embassy decided each case 10 to 41 days after its
 * lodging (one in four refused), except one case in fifty, still waiting: with the United Kingdom's usual 15 days,
 * those lodged more than 15 days ago are the late list, and the decisions are the analytics' figures (the monthly
 * sums rebuilt once after the load, which goes without their trigger).
 */
const DECISION_TRIGGERS = ["case_stages_copy_decision", "decision_months_insert", "decision_months_update", "decision_months_delete"];

export async function seedStages(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    const centre = await trx("visa_centres").orderBy("name").first("id");
    // The triggers copy each decision to its lodging row and add each row to the monthly figures one by one; in bulk,
    // one update and one rebuild of the sums do it.
    for (const name of DECISION_TRIGGERS) await trx.raw(`ALTER TABLE case_stages DISABLE TRIGGER ${name}`);
    await trx.raw(`INSERT INTO case_stages (application_id, stage, state, on_date, destination, visa_type, details, recorded_at)
                   SELECT id, 'lodged', 'done', (created_at + interval '10 days')::date, 'United Kingdom', visa_type,
                          '{"portal":"ukvi","reference":"GWF012345678"}'::jsonb, created_at + interval '10 days'
                     FROM visa_applications WHERE status = 'approved' AND reference_number LIKE 'VA-BULK-%'`);
    await trx.raw(`INSERT INTO case_stages (application_id, stage, state, on_date, details, recorded_at)
                   SELECT application_id, 'decision', 'done', on_date + 10 + (hashtext(application_id::text) & 31),
                          CASE WHEN hashtext(application_id::text) % 4 = 0 THEN '{"outcome":"refused","grounds":"Funds"}'::jsonb
                               ELSE '{"outcome":"issued","visaType":"Standard Visitor"}'::jsonb END,
                          now()
                     FROM case_stages
                    WHERE stage = 'lodged' AND hashtext(application_id::text) % 50 <> 0
                      AND on_date + 10 + (hashtext(application_id::text) & 31) <= current_date`);
    await trx.raw(`UPDATE case_stages l SET decided_on = d.on_date, outcome = d.details->>'outcome'
                     FROM case_stages d
                    WHERE l.stage = 'lodged' AND d.stage = 'decision' AND d.application_id = l.application_id`);
    for (const name of DECISION_TRIGGERS) await trx.raw(`ALTER TABLE case_stages ENABLE TRIGGER ${name}`);
    await trx.raw("SELECT decision_months_rebuild()");
    await trx.raw(`INSERT INTO decision_times (destination, usual_days, source, checked_on)
                   VALUES ('United Kingdom', 15, 'UKVI published service standard', current_date)
                   ON CONFLICT (destination) DO NOTHING`);
    await trx.raw(
      `INSERT INTO case_stages (application_id, stage, state, appointment_at, centre_id, details, recorded_at)
       SELECT id, 'appointment', 'done',
              date_trunc('day', created_at) + interval '30 days' + (8 + (hashtext(id::text) & 7)) * interval '1 hour',
              ?, '{"centreReference":"LOS-BULK"}'::jsonb, created_at + interval '12 days'
         FROM visa_applications WHERE status = 'approved' AND reference_number LIKE 'VA-BULK-%'`,
      [centre.id],
    );
  });
  await withoutTimeLimit(db, ["VACUUM ANALYZE case_stages", "VACUUM ANALYZE decision_months", "VACUUM ANALYZE decision_month_days"]);
}

/**
 * Bills: one submitted case in fifty, still to pay, has its bill split in two (₦116,250 each), the first instalment
 * overdue by 1 to 32 days (the Payments page's overdue filter reads about 8,000 of them); and one case under review
 * has a bill of twenty lines (fees in Naira and in dollars, two removed), the case page's bill card reads it. Returns
 * that case's id.
 */
export async function seedBills(db: Knex, addedBy: string): Promise<string> {
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL statement_timeout = 0");
    await trx.raw(`INSERT INTO bill_splits (application_id, currency, service_minor, fee_usd_cents, rate_kobo_per_usd, rate_set_at, split_at)
                   SELECT id, 'NGN', 23250000, 15000, 155000, now(), now() FROM visa_applications
                    WHERE status = 'submitted' AND payment_status = 'pending' AND reference_number LIKE 'VA-BULK-%'
                      AND hashtext(id::text) % 50 = 0`);
    await trx.raw(`INSERT INTO bill_instalments (application_id, position, amount_minor, due_on)
                   SELECT application_id, p, 11625000,
                          CASE WHEN p = 1 THEN current_date - 1 - (hashtext(application_id::text) & 31) ELSE current_date + 30 END
                     FROM bill_splits CROSS JOIN generate_series(1, 2) p`);
  });
  await withoutTimeLimit(db, ["VACUUM ANALYZE bill_splits", "VACUUM ANALYZE bill_instalments"]);
  const one = await db("visa_applications").where({ status: "under_review" }).where("reference_number", "like", "VA-BULK-%").first("id");
  const kinds = ["embassy_fee", "visa_centre_fee", "priority", "courier", "translation", "other"];
  await db("bill_lines").insert(
    Array.from({ length: 20 }, (_, i) => ({
      application_id: one.id,
      kind: kinds[i % kinds.length],
      label: `Bench fee ${i + 1}`,
      currency: "NGN",
      amount_minor: 1_000_000 + i * 10_000,
      ...(i % 3 === 0 ? { source_currency: "USD", source_minor: 6_000 + i * 100, rate_minor: 155_000 } : {}),
      reason: "Charged by the visa centre",
      added_by: addedBy,
      ...(i >= 18 ? { removed_at: new Date(), removed_by: addedBy, removal_reason: "Not needed after all" } : {}),
    })),
  );
  return one.id;
}

async function measure(base: string, path: string, cookie: string, runs: number) {
  await send(base, { method: "GET", path, headers: { Cookie: cookie, Accept: "application/json" } });
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < runs; i++) {
    const r = await send(base, { method: "GET", path, headers: { Cookie: cookie, Accept: "application/json" } });
    if (r.status !== 200) errors++;
    times.push(r.ms);
  }
  return { sorted: times.sort((a, b) => a - b), errors };
}

export async function adminAtScale(base: string, db: Knex, count = 1_000_000, runs = 30): Promise<Section> {
  const [admin] = await db("users")
    .insert({ email: "bench-admin@example.com", full_name: "Bench Admin", password_hash: await hashPassword("bench-password") })
    .returning("id");
  await enrolStaff(db, { id: admin.id, email: "bench-admin@example.com" });
  // Eight officers and the manager share the submitted cases: each has about 80,000.
  const officers: { id: string }[] = await db("users")
    .insert(Array.from({ length: 8 }, (_, i) => ({ email: `bench-officer-${i}@example.com`, full_name: `Bench Officer ${i}`, password_hash: "x" })))
    .returning("id");
  await db("user_roles").insert(officers.map((o) => ({ user_id: o.id, role: "case_officer" })));
  const seconds = await seedApplications(db, count, [admin.id, ...officers.map((o) => o.id)]);
  const families = await seedFamilies(db);
  await seedStages(db);
  const billed = await seedBills(db, admin.id);
  // A week a year ago, inside the bulk cases' three years of appointments.
  const weekAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  // Thirty-six whole months, the current one included.
  const threeYearsAgo = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 7);
  const { cookie } = await signIn(base, "bench-admin@example.com", "bench-password");
  const cases: [string, string][] = [
    ["Mine, first page", "/admin"],
    ["Mine, status filter", "/admin?status=under_review"],
    ["Mine, by submission, deep page (2,000)", "/admin?sort=submitted_desc&page=2000"],
    ["Unassigned, first page", "/admin?tab=unassigned"],
    ["Unassigned, type filter, by submission", "/admin?tab=unassigned&type=work&sort=submitted_asc"],
    ["Mine, search by first name", "/admin?q=Funmilayo"],
    ["All, first page", "/admin?tab=all"],
    ["All, deep page (20,000 of 40,000)", "/admin?tab=all&page=20000&size=25"],
    ["search by full name", "/admin?tab=all&q=Funmilayo%20Eze"],
    ["search by first name (1 in 40 match)", "/admin?tab=all&q=Funmilayo"],
    ["search by reference", "/admin?tab=all&q=VA-BULK-0512"],
    ["search of 2 characters (word prefix, 1 in 13 match)", "/admin?tab=all&q=ok"],
    ["search of 1 character (word prefix)", "/admin?tab=all&q=z"],
    ["search of 2 characters, few matches", "/admin?tab=all&q=qx"],
    ["filter status + type, by submission", "/admin?tab=all&status=approved&type=study&sort=submitted_desc"],
    ["All, files to review (40,000 match)", "/admin?tab=all&review=1"],
    ["All, files to review, deep page (1,000 of 1,600)", "/admin?tab=all&review=1&page=1000"],
    ["Mine, files to review + status, by submission", "/admin?review=1&status=under_review&sort=submitted_desc"],
    ["analytics", "/admin/analytics"],
    ["appointments calendar, a week, everyone (first 500 of ~1,300)", `/admin/appointments?range=week&from=${weekAgo}`],
    ["appointments calendar, a day, everyone", `/admin/appointments?range=day&from=${weekAgo}`],
    ["appointments calendar, a week, one officer", `/admin/appointments?range=week&from=${weekAgo}&staff=${officers[1].id}`],
    // The bulk cases carry no passport or trip dates, and their visas no last day: the partial indexes' empty ranges.
    ["passports and visas expiring", "/admin/expiring"],
    ["late at the embassy, everyone (first 200)", "/admin/late-at-embassy"],
    ["late at the embassy, one officer", `/admin/late-at-embassy?staff=${officers[1].id}`],
    ["analytics, embassy decisions of three years", `/admin/analytics?decisions_from=${threeYearsAgo}&decisions_to=${today.slice(0, 7)}`],
    ["Payments page, first page", "/admin/payments"],
    ["Payments page, overdue instalments (first page of ~8,000)", "/admin/payments?overdue=1"],
    ["a case with a bill of 20 lines", `/admin/application/${billed}`],
  ];
  const rows: Section["rows"] = [
    { figure: "bulk load", value: `${count.toLocaleString("en")} rows in ${seconds.toFixed(0)} s`, goal: "—", met: null },
  ];
  const timed = async (path: string, name = "a family's cases (search by the account's e-mail)") => {
    const { sorted, errors } = await measure(base, path, cookie, runs);
    const p95 = percentile(sorted, 95);
    return {
      figure: `${name}: p50 / p95`,
      value: `${ms(percentile(sorted, 50))} / ${ms(p95)}${errors ? ` (${errors} errors)` : ""}`,
      goal: "p95 ≤ 100 ms",
      met: p95 <= 100 && errors === 0,
    };
  };
  for (const [name, path] of cases) rows.push(await timed(path, name));
  rows.push(...(await familyFigures(base, db, cookie, runs, families, (path) => timed(path))));
  return { title: `3. Admin at scale (${count.toLocaleString("en")} applications, ${runs} sequential requests each)`, rows };
}
