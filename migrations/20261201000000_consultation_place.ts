// How a consultation happens, set on its type: a video call's meeting link (https), the office's address, or for a
// phone call who calls whom (we call the number the person gave, or they call ours, on `phone_number`). Each detail
// belongs to its mode only. Types made before keep their mode with the detail missing (staff are asked to add it),
// except phone calls: staff always called the number given, so those say so.
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("consultation_types", (t) => {
    t.text("video_url");
    t.text("office_address");
    t.text("phone_caller");
    t.text("phone_number");
  });
  await knex.raw(`ALTER TABLE consultation_types
    ADD CONSTRAINT consultation_types_video_url_check
      CHECK (video_url IS NULL OR (mode = 'video' AND video_url ~ '^https://[^\\s]+$' AND length(video_url) <= 500)),
    ADD CONSTRAINT consultation_types_office_address_check
      CHECK (office_address IS NULL OR (mode = 'office' AND length(office_address) BETWEEN 1 AND 300)),
    ADD CONSTRAINT consultation_types_phone_caller_check
      CHECK (phone_caller IS NULL OR (mode = 'phone' AND phone_caller IN ('we_call', 'they_call'))),
    ADD CONSTRAINT consultation_types_phone_number_check
      CHECK (coalesce(phone_caller = 'they_call', false) = (phone_number IS NOT NULL) AND (phone_number IS NULL OR phone_number ~ '^\\+[1-9][0-9]{7,14}$'))`);
  await knex("consultation_types").where({ mode: "phone" }).update({ phone_caller: "we_call" });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("consultation_types", (t) => {
    t.dropColumn("video_url");
    t.dropColumn("office_address");
    t.dropColumn("phone_caller");
    t.dropColumn("phone_number");
  });
}
