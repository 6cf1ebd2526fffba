// Consultations in one line each: a staff member who takes them (hours every day), a type, and reading .ics back.

import type { Express } from "express";
import ICAL from "ical.js";
import type { Knex } from "knex";
import { type Client, newClient } from "./app.ts";
import { makeUser, type TestUser } from "./factories.ts";

/** A staff member (admin with two-factor) who takes consultations 09:00–17:00 Lagos time every day. */
export async function makeConsultant(db: Knex, opts: { fullName?: string } = {}): Promise<TestUser> {
  const user = await makeUser(db, { admin: true, fullName: opts.fullName ?? "Chioma Okafor" });
  await takesConsultations(db, user.id);
  return user;
}

/** Makes a staff account take consultations 09:00–17:00 Lagos time every day, with a 15-minute buffer. */
export async function takesConsultations(db: Knex, userId: string): Promise<void> {
  await db("consultation_staff").insert({ user_id: userId, buffer_minutes: 15 });
  await db("staff_hours").insert([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ user_id: userId, weekday, start_minute: 9 * 60, end_minute: 17 * 60 })));
}

export async function makeConsultationType(db: Knex, opts: { name?: string; minutes?: number; priceKobo?: number } = {}): Promise<string> {
  const [row] = await db("consultation_types")
    .insert({ name: opts.name ?? "Free visa consultation", minutes: opts.minutes ?? 30, price_kobo: opts.priceKobo ?? 0, mode: "video" })
    .returning("id");
  return row.id;
}

/** The METHOD of an .ics file and its one event's UID, SEQUENCE and STATUS, read by ical.js. */
export function readInvite(ics: string): { method: string; uid: string; sequence: number; status: string | null; start: string } {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const event = cal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT in the invite");
  return {
    method: String(cal.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: (event.getFirstPropertyValue("status") as string | null) ?? null,
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
  };
}

/**
 * Makes a new calendar feed as the Consultations page's form does: the post answers with a redirect to the page,
 * which shows the new address once. Returns the address's path (/calendar/<secret>.ics).
 */
export async function makeFeed(client: Client): Promise<string> {
  await client.form("/admin/consultations/feed", {}).expect(303).expect("Location", "/admin/consultations");
  const page = await client.get("/admin/consultations").expect(200);
  const found = /(http[^<"\s]+\/calendar\/[^<"\s]+\.ics)/.exec(page.text)?.[1];
  if (!found) throw new Error("the Consultations page shows no feed address after making one");
  return new URL(found).pathname;
}

/**
 * Free times of a type's first three days, each to be used once (every other one: half-hour times in a day's list may
 * overlap), taken in turn by `next` for bookings that must not clash.
 */
export function freeTimes(app: Express, typeId: string): { next: () => Promise<string> } {
  let times: string[] | undefined;
  return {
    next: async () => {
      if (!times) {
        const c = await newClient(app);
        const page = (await c.get(`/book?type=${typeId}`).expect(200)).text;
        const days = [...page.matchAll(/href="(\/book\?type=[^"]+&(?:amp;)?day=[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
        const found: string[] = [];
        for (const day of days.slice(0, 3)) {
          const html = (await c.get(day).expect(200)).text;
          found.push(...[...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]));
        }
        times = found.filter((_, i) => i % 2 === 0);
      }
      const next = times.shift();
      if (!next) throw new Error("no free time left in the test calendar");
      return next;
    },
  };
}
