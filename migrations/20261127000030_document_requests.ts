// Document requests (staff ask for a file, with a due date) and a review state on every supporting document; the
// admin list's "to review" count and earliest open due date are columns of the application, kept by triggers.
import type { Knex } from "knex";

const REQUESTABLE = [
  "bank_statement",
  "employment_letter",
  "invitation_letter",
  "admission_letter",
  "transcript",
  "birth_certificate",
  "marriage_certificate",
  "other",
  "passport_scan",
  "photo",
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("document_requests", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("application_id").notNullable().references("visa_applications.id").onDelete("CASCADE");
    t.text("label").notNullable();
    t.text("document_type").notNullable().checkIn(REQUESTABLE, "document_requests_type_check");
    t.text("requirement_key");
    t.text("note");
    t.date("due_on").notNullable();
    t.text("status").notNullable().defaultTo("open").checkIn(["open", "fulfilled"], "document_requests_status_check");
    // The reason of the last send-back, shown to the applicant while the request is open again.
    t.text("sent_back_reason");
    t.uuid("requested_by").references("users.id").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("fulfilled_at", { useTz: true });
  });
  await knex.raw("ALTER TABLE document_requests ADD CONSTRAINT document_requests_label_check CHECK (btrim(label) <> '')");
  await knex.raw("CREATE INDEX document_requests_app_idx ON document_requests (application_id, created_at)");

  await knex.schema.alterTable("application_documents", (t) => {
    t.uuid("request_id").references("document_requests.id").onDelete("SET NULL");
    t.text("review_state").notNullable().defaultTo("to_review").checkIn(["to_review", "accepted", "sent_back"], "application_documents_review_check");
    t.text("review_reason");
    t.uuid("reviewed_by").references("users.id").onDelete("SET NULL");
    t.timestamp("reviewed_at", { useTz: true });
  });
  // One document per type (catalogue items keep theirs by key), except free-text ("other") files asked for by separate
  // requests; one document per request.
  await knex.raw("DROP INDEX application_documents_one_per_type");
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_type ON application_documents (application_id, document_type)
       WHERE requirement_key IS NULL AND (document_type <> 'other' OR request_id IS NULL)`,
  );
  await knex.raw("CREATE UNIQUE INDEX application_documents_one_per_request ON application_documents (request_id) WHERE request_id IS NOT NULL");

  await knex.schema.alterTable("visa_applications", (t) => {
    t.integer("documents_to_review").notNullable().defaultTo(0);
    t.date("requests_due_on");
  });
  await knex.raw(`
    UPDATE visa_applications a SET documents_to_review = d.n
    FROM (SELECT application_id, count(*)::int AS n FROM application_documents GROUP BY application_id) d
    WHERE d.application_id = a.id`);
  // The list's "to review" filter reads only the applications with files waiting, in the list's default order.
  await knex.raw("CREATE INDEX visa_applications_to_review_idx ON visa_applications (created_at DESC, id DESC) WHERE documents_to_review > 0");

  await knex.raw(`
    CREATE FUNCTION application_documents_to_review() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.review_state = 'to_review' THEN
        UPDATE visa_applications SET documents_to_review = documents_to_review - 1 WHERE id = OLD.application_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.review_state = 'to_review' THEN
        UPDATE visa_applications SET documents_to_review = documents_to_review + 1 WHERE id = NEW.application_id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER application_documents_to_review AFTER INSERT OR DELETE OR UPDATE OF review_state ON application_documents
    FOR EACH ROW EXECUTE FUNCTION application_documents_to_review()`);
  await knex.raw(`
    CREATE FUNCTION document_requests_due() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE app uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.application_id ELSE NEW.application_id END;
    BEGIN
      UPDATE visa_applications SET requests_due_on =
        (SELECT min(due_on) FROM document_requests WHERE application_id = app AND status = 'open')
      WHERE id = app;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER document_requests_due AFTER INSERT OR DELETE OR UPDATE OF status, due_on ON document_requests
    FOR EACH ROW EXECUTE FUNCTION document_requests_due()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TRIGGER document_requests_due ON document_requests");
  await knex.raw("DROP FUNCTION document_requests_due()");
  await knex.raw("DROP TRIGGER application_documents_to_review ON application_documents");
  await knex.raw("DROP FUNCTION application_documents_to_review()");
  await knex.raw("DROP INDEX visa_applications_to_review_idx");
  await knex.schema.alterTable("visa_applications", (t) => {
    t.dropColumn("documents_to_review");
    t.dropColumn("requests_due_on");
  });
  await knex.raw("DROP INDEX application_documents_one_per_request");
  await knex.raw("DROP INDEX application_documents_one_per_type");
  // Documents uploaded into free-text requests may share the type "other": only the newest of each type stays.
  await knex.raw(`
    DELETE FROM application_documents d USING application_documents e
    WHERE d.application_id = e.application_id AND d.document_type = e.document_type
      AND d.requirement_key IS NULL AND e.requirement_key IS NULL AND d.uploaded_at < e.uploaded_at`);
  await knex.raw(
    `CREATE UNIQUE INDEX application_documents_one_per_type
       ON application_documents (application_id, document_type) WHERE requirement_key IS NULL`,
  );
  await knex.schema.alterTable("application_documents", (t) => {
    t.dropColumn("request_id");
    t.dropColumn("review_state");
    t.dropColumn("review_reason");
    t.dropColumn("reviewed_by");
    t.dropColumn("reviewed_at");
  });
  await knex.schema.dropTable("document_requests");
}
