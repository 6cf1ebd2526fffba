// What happens after the consultancy approves a case: the government's side, tracked per case by staff. The SPEC's
// statuses (the consultancy's own review) are untouched; each stage is a row of `case_stages`, one current row per
// stage and case (a moved or missed appointment keeps its row, ended, and a new one is the current). The visa centres
// applicants go to are a list staff keep, seeded with the Lagos and Abuja centres the office uses.
import type { Knex } from "knex";

const CENTRES = [
  {
    name: "VFS Global Lagos",
    address: "VFS Global Visa Application Centre, 2nd Floor, Landmark Towers, 5B Water Corporation Road, Victoria Island, Lagos",
    what_to_bring:
      "Your passport and a copy of its bio page\nThe appointment confirmation letter\nThe printed application form and its submission confirmation\nYour supporting documents, in the order of the checklist",
  },
  {
    name: "TLScontact Lagos",
    address: "TLScontact Visa Application Centre, 1st Floor, Churchgate Tower 2, 30 Afribank Street, Victoria Island, Lagos",
    what_to_bring:
      "Your passport and a copy of its bio page\nThe appointment confirmation from TLScontact\nThe printed application form, signed\nYour supporting documents and two recent passport photos",
  },
  {
    name: "BLS International Lagos",
    address: "BLS International Visa Application Centre, 13A Idowu Taylor Street, Victoria Island, Lagos",
    what_to_bring:
      "Your passport and a copy of its bio page\nThe appointment letter\nThe completed, signed application form\nTwo recent passport photos and your supporting documents",
  },
  {
    name: "U.S. Consulate General Lagos",
    address: "2 Walter Carrington Crescent, Victoria Island, Lagos",
    what_to_bring:
      "Your current passport and any old passports with U.S. visas\nThe DS-160 confirmation page with its barcode\nThe appointment confirmation page\nThe MRV fee receipt\nOne 5 cm × 5 cm photo taken in the last six months",
  },
  {
    name: "U.S. Embassy Abuja",
    address: "Plot 1075 Diplomatic Drive, Central District Area, Abuja",
    what_to_bring:
      "Your current passport and any old passports with U.S. visas\nThe DS-160 confirmation page with its barcode\nThe appointment confirmation page\nThe MRV fee receipt\nOne 5 cm × 5 cm photo taken in the last six months",
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE visa_centres (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL CONSTRAINT visa_centres_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 120),
    address text NOT NULL CONSTRAINT visa_centres_address_check CHECK (length(btrim(address)) BETWEEN 1 AND 300),
    what_to_bring text NOT NULL DEFAULT '' CONSTRAINT visa_centres_bring_check CHECK (length(what_to_bring) <= 2000),
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw("CREATE UNIQUE INDEX visa_centres_name_key ON visa_centres (lower(name))");
  await knex("visa_centres").insert(CENTRES);

  await knex.raw(`CREATE TABLE case_stages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    application_id uuid NOT NULL REFERENCES visa_applications (id) ON DELETE CASCADE,
    stage text NOT NULL CONSTRAINT case_stages_stage_check
      CHECK (stage IN ('lodged', 'appointment', 'biometrics', 'passport_held', 'decision', 'passport_returned')),
    state text NOT NULL CONSTRAINT case_stages_state_check CHECK (state IN ('done', 'skipped')),
    on_date date,
    appointment_at timestamptz,
    centre_id uuid REFERENCES visa_centres (id) ON DELETE RESTRICT,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    skip_reason text CONSTRAINT case_stages_skip_reason_check CHECK (skip_reason IS NULL OR length(skip_reason) BETWEEN 1 AND 500),
    file_key text,
    file_mime text,
    file_size integer,
    file_name text,
    recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    corrected_by uuid REFERENCES users (id) ON DELETE SET NULL,
    corrected_at timestamptz,
    ended_as text CONSTRAINT case_stages_ended_as_check CHECK (ended_as IN ('moved', 'missed')),
    ended_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ended_at timestamptz,
    CONSTRAINT case_stages_skip_check CHECK ((state = 'skipped') = (skip_reason IS NOT NULL)),
    CONSTRAINT case_stages_done_check CHECK (state = 'skipped' OR on_date IS NOT NULL OR appointment_at IS NOT NULL),
    CONSTRAINT case_stages_ended_check CHECK ((ended_as IS NULL) = (ended_at IS NULL) AND (ended_as IS NULL OR stage = 'appointment')),
    CONSTRAINT case_stages_file_check CHECK ((file_key IS NULL) = (file_mime IS NULL))
  )`);
  // One current row per stage of a case: a second record of one stage at the same moment has one winner.
  await knex.raw("CREATE UNIQUE INDEX case_stages_current_key ON case_stages (application_id, stage) WHERE ended_at IS NULL");
  await knex.raw("CREATE INDEX case_stages_application_idx ON case_stages (application_id, recorded_at)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE case_stages");
  await knex.raw("DROP TABLE visa_centres");
}
