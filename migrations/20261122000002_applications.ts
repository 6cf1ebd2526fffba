// Visa applications with their documents, status history and internal notes (SPEC §3).
import type { Knex } from "knex";

export const VISA_TYPES = ["tourist", "work", "study", "family", "business"];
export const STATUSES = ["draft", "submitted", "under_review", "approved", "rejected"];
export const DOCUMENT_TYPES = [
  "bank_statement",
  "employment_letter",
  "invitation_letter",
  "admission_letter",
  "transcript",
  "birth_certificate",
  "marriage_certificate",
  "other",
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("visa_applications", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.text("reference_number").notNullable().unique();
    t.text("visa_type").checkIn(VISA_TYPES, "visa_applications_visa_type_check");
    t.text("status").notNullable().defaultTo("draft").checkIn(STATUSES, "visa_applications_status_check");
    t.integer("current_step").notNullable().defaultTo(1);
    t.timestamp("submitted_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text("payment_status").notNullable().defaultTo("pending").checkIn(["pending", "paid"], "visa_applications_payment_status_check");
    t.decimal("amount_paid", 10, 2);
    t.text("payment_reference").unique();
    t.timestamp("paid_at", { useTz: true });
    t.text("full_name");
    t.date("date_of_birth");
    t.text("gender").checkIn(["male", "female", "other"], "visa_applications_gender_check");
    t.text("marital_status").checkIn(["single", "married", "divorced", "widowed"], "visa_applications_marital_status_check");
    t.text("nationality");
    t.text("passport_number");
    t.text("passport_issuing_country");
    t.date("passport_issue_date");
    t.date("passport_expiry_date");
    t.text("passport_scan_url");
    t.text("photo_url");
    t.text("phone");
    t.text("email");
    t.text("address");
    t.text("emergency_contact_name");
    t.text("emergency_contact_phone");
    t.text("destination_country");
    t.date("arrival_date");
    t.date("departure_date");
    t.text("travel_purpose");
    t.text("itinerary");
    t.jsonb("visa_specific_data").notNullable().defaultTo("{}");
    t.boolean("criminal_history").notNullable().defaultTo(false);
    t.text("criminal_history_details");
    t.boolean("prior_visa_refusals").notNullable().defaultTo(false);
    t.text("prior_visa_refusal_details");
    t.text("medical_conditions");
  });
  await knex.raw("ALTER TABLE visa_applications ADD CONSTRAINT visa_applications_current_step_check CHECK (current_step BETWEEN 1 AND 8)");
  await knex.raw(
    "ALTER TABLE visa_applications ADD CONSTRAINT visa_applications_paid_check CHECK (payment_status = 'pending' OR (amount_paid IS NOT NULL AND payment_reference IS NOT NULL))",
  );
  // Applicant dashboard (own rows, newest first) and admin list (all rows, newest first / by submission).
  await knex.raw("CREATE INDEX visa_applications_user_created_idx ON visa_applications (user_id, created_at DESC)");
  await knex.raw("CREATE INDEX visa_applications_created_idx ON visa_applications (created_at DESC)");
  await knex.raw("CREATE INDEX visa_applications_submitted_idx ON visa_applications (submitted_at DESC NULLS LAST)");
  await knex.raw("CREATE INDEX visa_applications_status_created_idx ON visa_applications (status, created_at DESC)");
  await knex.raw("CREATE INDEX visa_applications_type_created_idx ON visa_applications (visa_type, created_at DESC)");

  await knex.schema.createTable("application_documents", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.text("document_type").notNullable().checkIn(DOCUMENT_TYPES, "application_documents_type_check");
    t.text("file_name").notNullable();
    t.text("file_path").notNullable().unique();
    t.bigInteger("file_size").notNullable();
    t.text("mime_type").notNullable();
    t.timestamp("uploaded_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(["application_id", "document_type"]);
  });
  await knex.raw("CREATE INDEX application_documents_app_uploaded_idx ON application_documents (application_id, uploaded_at DESC)");

  await knex.schema.createTable("application_status_history", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.text("status").notNullable().checkIn(STATUSES, "application_status_history_status_check");
    t.uuid("changed_by").references("users.id").onDelete("SET NULL");
    t.text("notes");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("CREATE INDEX application_status_history_app_created_idx ON application_status_history (application_id, created_at DESC)");

  await knex.schema.createTable("admin_notes", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.uuid("admin_id").references("users.id").onDelete("SET NULL");
    t.text("note").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("ALTER TABLE admin_notes ADD CONSTRAINT admin_notes_note_not_blank CHECK (btrim(note) <> '')");
  await knex.raw("CREATE INDEX admin_notes_app_created_idx ON admin_notes (application_id, created_at DESC)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("admin_notes");
  await knex.schema.dropTable("application_status_history");
  await knex.schema.dropTable("application_documents");
  await knex.schema.dropTable("visa_applications");
}
