// Development demo data: a manager (admin), a case officer and two applicants with applications in every status. Never on a production database.
import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import { generatePassword, hashPassword } from "../server/auth/passwords.ts";
import { issueToken } from "../server/models/accountTokens.ts";
import { findProductionStart } from "../server/models/productionStarts.ts";

/** The refusal on a database a production server has started on, with what to run for demo data instead. */
export const productionRefusal = (firstStart: Date): string =>
  `Seeding refused: a production server has started on this database (first on ${firstStart.toISOString()}), and demo accounts are never written there. ` +
  "For demo data, stop the site and start a development one on a data folder of its own: DATA_DIR=.data-demo npm run dev, " +
  "then in a second terminal DATA_DIR=.data-demo npm run db:seed (or delete .data/ if nothing in it is needed, and run npm run dev, then npm run db:seed).";

/**
 * Refuses before writing anything. The database's own record decides, not this command's NODE_ENV: a seed run by hand
 * from a shell without NODE_ENV against the database a production server uses must not plant a known admin there.
 */
async function refuseProduction(knex: Knex): Promise<void> {
  const started = await findProductionStart(knex);
  if (started) throw new Error(productionRefusal(started.first_started_at));
  if (process.env.NODE_ENV === "production") throw new Error("Seeding refused: NODE_ENV is production, and demo accounts are never written there.");
}

export async function seed(knex: Knex): Promise<void> {
  await refuseProduction(knex);
  // New at every run and shown only here: a password printed in the README would open any database seeded by mistake.
  const password = generatePassword();
  const hash = await hashPassword(password);
  const people = [
    { email: "admin@demo.test", full_name: "Folake Adeyemi", role: "admin" },
    { email: "officer@demo.test", full_name: "Emeka Okonkwo", role: "case_officer" },
    { email: "chidi@demo.test", full_name: "Chidi Okafor", role: null },
    { email: "amina@demo.test", full_name: "Amina Bello", role: null },
  ];
  const emails = people.map((p) => p.email);
  // Their bookings (which keep their staff member) and applications (with their assignment rows) first, then the
  // people: deleting both in one statement would ask PostgreSQL to clear an assignment's officer on a row whose
  // application is going in the same cascade.
  await knex("bookings").whereIn("staff_id", knex("users").whereIn("email", emails).select("id")).delete();
  await knex("visa_applications").whereIn("user_id", knex("users").whereIn("email", emails).select("id")).delete();
  await knex("users").whereIn("email", emails).delete();
  const ids: Record<string, string> = {};
  for (const p of people) {
    const [row] = await knex("users").insert({ email: p.email, full_name: p.full_name, password_hash: hash }).returning("id");
    ids[p.email] = row.id;
    if (p.role) await knex("user_roles").insert({ user_id: row.id, role: p.role });
  }
  const adminId = ids["admin@demo.test"];
  const officerId = ids["officer@demo.test"];
  // Consultations: a free video call to book at /book (its meeting link is a demo room: set your own under
  // Consultations), with the demo admin taking them Monday to Friday 09:00–17:00.
  if (!(await knex("consultation_types").where({ name: "Free visa consultation" }).first()))
    await knex("consultation_types").insert({
      name: "Free visa consultation",
      minutes: 30,
      price_kobo: 0,
      mode: "video",
      video_url: "https://meet.jit.si/horizon-gate-demo-consultation",
    });
  await knex("consultation_staff").insert({ user_id: adminId, buffer_minutes: 15 });
  await knex("staff_hours").insert([1, 2, 3, 4, 5].map((weekday) => ({ user_id: adminId, weekday, start_minute: 9 * 60, end_minute: 17 * 60 })));
  const base = (userId: string, name: string, email: string) => ({
    user_id: userId,
    full_name: name,
    email,
    date_of_birth: "1994-03-12",
    gender: "male",
    marital_status: "single",
    nationality: "Nigerian",
    passport_number: "B01234567",
    passport_issuing_country: "Nigeria",
    passport_issue_date: "2022-01-10",
    passport_expiry_date: "2032-01-09",
    phone: "+2348031234567",
    address: "22 Adeola Odeku Street, Victoria Island, Lagos",
    emergency_contact_name: "Ngozi Okafor",
    emergency_contact_phone: "+2348037654321",
    arrival_date: "2027-03-01",
    departure_date: "2027-03-21",
    travel_purpose: "Tourism and visiting friends",
  });
  const apps = [
    {
      who: "chidi@demo.test",
      visa_type: "tourist",
      destination_country: "United Kingdom",
      status: "draft",
      data: { accommodation: "Hotel in Kensington", proof_of_funds: "Bank statement, 6 months" },
    },
    {
      who: "chidi@demo.test",
      visa_type: "study",
      destination_country: "Canada",
      status: "submitted",
      data: { institution_name: "University of Manitoba", course_of_study: "MSc Computer Science", study_duration: "2 years" },
    },
    {
      who: "chidi@demo.test",
      visa_type: "work",
      destination_country: "Germany",
      status: "under_review",
      data: { employer_name: "Nordwerk GmbH", employer_address: "Berlin", job_title: "Data Engineer" },
    },
    {
      who: "amina@demo.test",
      visa_type: "business",
      destination_country: "United States",
      status: "approved",
      data: { company_name: "Bello Textiles Ltd", business_purpose: "Trade fair" },
    },
    {
      who: "amina@demo.test",
      visa_type: "family",
      destination_country: "Canada",
      status: "rejected",
      data: { relative_name: "Hauwa Bello", relationship: "Sister", relative_address: "Toronto, ON" },
    },
  ];
  const fees: Record<string, number> = { tourist: 150, work: 250, study: 200, business: 180 };
  // The exchange rate the demo admin set: Naira fees need one (₦1,550/$, kept in kobo).
  const koboPerUsd = 155000;
  await knex("exchange_rates").insert({ kobo_per_usd: koboPerUsd, set_by: adminId });
  let n = 1;
  for (const a of apps) {
    const person = people.find((p) => p.email === a.who)!;
    const submitted = a.status !== "draft";
    const paid = a.status === "approved" || a.status === "under_review";
    const [row] = await knex("visa_applications")
      .insert({
        ...base(ids[a.who], person.full_name, a.who),
        reference_number: `VA-DEMO-${String(n++).padStart(4, "0")}`,
        visa_type: a.visa_type,
        destination_country: a.destination_country,
        status: a.status,
        current_step: submitted ? 8 : 3,
        visa_specific_data: JSON.stringify(a.data),
        submitted_at: submitted ? knex.fn.now() : null,
        payment_status: paid ? "paid" : "pending",
        amount_paid: paid ? (fees[a.visa_type] ?? 150) : null,
        payment_reference: paid ? `PAY-DEMO-${n}` : null,
        paid_at: paid ? knex.fn.now() : null,
      })
      .returning("id");
    if (paid) {
      const fee = fees[a.visa_type] ?? 150;
      await knex("payments").insert({
        application_id: row.id,
        user_id: ids[a.who],
        provider: "demo",
        currency: "NGN",
        amount_minor: fee * koboPerUsd,
        fee_usd_cents: fee * 100,
        rate_kobo_per_usd: koboPerUsd,
        rate_set_at: knex.fn.now(),
        quote_expires_at: knex.fn.now(),
        reference: `PAY-DEMO-${n}`,
        state: "paid",
        receipt_code: Array.from({ length: 10 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[randomInt(32)]).join(""),
        paid_at: knex.fn.now(),
      });
    }
    if (submitted) await knex("application_status_history").insert({ application_id: row.id, status: "submitted", changed_by: ids[a.who] });
    // The demo officer's cases: those under review or decided; the submitted ones wait in Unassigned for someone to take.
    if (submitted && a.status !== "submitted") {
      await knex("visa_applications").where({ id: row.id }).update({ assignee_id: officerId });
      await knex("application_assignments").insert({ application_id: row.id, assignee_id: officerId, assigned_by: adminId, how: "reassigned" });
    }
    if (["under_review", "approved", "rejected"].includes(a.status)) {
      await knex("application_status_history").insert({
        application_id: row.id,
        status: a.status,
        changed_by: adminId,
        notes: "Reviewed by the visa desk.",
      });
    }
  }
  console.log(`Demo users (password "${password}"): ${people.map((p) => `${p.email}${p.role ? ` (${p.role})` : ""}`).join(", ")}`);
  // Staff turn two-factor on only from a one-time set-up link, the demo staff too.
  const site = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  for (const email of ["admin@demo.test", "officer@demo.test"]) {
    const enrol = await issueToken(knex, ids[email], "staff_enrol");
    console.log(`Two-factor set-up link for ${email} (sign in, then open it; works once, for 24 hours): ${site}/account/two-factor?enrol=${enrol}`);
  }
}
