// A photo or a document a person sends on WhatsApp: the media id Meta gives in the webhook (fetched later by the job
// worker, never in the webhook's request), what the message claimed (type, sha256, file name), and what became of it:
// waiting to be fetched, stored (checked by its bytes as an upload is, under its storage key), refused (the reason
// staff read; nothing stored), or failed (could not be fetched after the retries). Once stored, staff may file it
// against a case's open document request, once: the document it became is kept.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE whatsapp_inbound
      ADD COLUMN media_id text CONSTRAINT whatsapp_inbound_media_id_check CHECK (char_length(media_id) BETWEEN 1 AND 200),
      ADD COLUMN media_claimed_mime text,
      ADD COLUMN media_sha256 text,
      ADD COLUMN media_filename text,
      ADD COLUMN media_state text CONSTRAINT whatsapp_inbound_media_state_check CHECK (media_state IN ('waiting', 'stored', 'refused', 'failed')),
      ADD COLUMN media_reason text,
      ADD COLUMN media_path text,
      ADD COLUMN media_mime text,
      ADD COLUMN media_size bigint,
      ADD COLUMN media_name text,
      ADD COLUMN filed_at timestamptz,
      ADD COLUMN filed_document_id uuid REFERENCES application_documents (id) ON DELETE SET NULL,
      ADD CONSTRAINT whatsapp_inbound_media_check CHECK ((media_id IS NULL) = (media_state IS NULL)),
      ADD CONSTRAINT whatsapp_inbound_media_stored_check CHECK ((media_state = 'stored') = (media_path IS NOT NULL))
  `);
  await knex.raw("CREATE INDEX whatsapp_inbound_message_idx ON whatsapp_inbound (message_id) WHERE message_id IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX whatsapp_inbound_message_idx");
  await knex.raw(`
    ALTER TABLE whatsapp_inbound
      DROP CONSTRAINT whatsapp_inbound_media_stored_check,
      DROP CONSTRAINT whatsapp_inbound_media_check,
      DROP COLUMN filed_document_id, DROP COLUMN filed_at, DROP COLUMN media_name, DROP COLUMN media_size,
      DROP COLUMN media_mime, DROP COLUMN media_path, DROP COLUMN media_reason, DROP COLUMN media_state,
      DROP COLUMN media_filename, DROP COLUMN media_sha256, DROP COLUMN media_claimed_mime, DROP COLUMN media_id
  `);
}
