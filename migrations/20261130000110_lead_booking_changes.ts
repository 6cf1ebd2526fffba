// A booking moved or cancelled from its link is a line of its lead's history too (it moves the lead nowhere).
import type { Knex } from "knex";

const KINDS = ["enquiry", "booking", "booking_held", "account", "submitted", "paid", "replied", "stage", "owner", "follow_up"];

async function allowKinds(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw("ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check");
  // DDL takes no bound values; the kinds are this file's own constants.
  await knex.raw(`ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(", ")}))`);
}

export async function up(knex: Knex): Promise<void> {
  await allowKinds(knex, [...KINDS, "booking_moved", "booking_cancelled"]);
}

export async function down(knex: Knex): Promise<void> {
  await knex("lead_events").whereIn("kind", ["booking_moved", "booking_cancelled"]).delete();
  await allowKinds(knex, KINDS);
}
