// GET /calendar/<secret>.ics: a staff member's consultations as a calendar feed (no session: calendar apps fetch it).
// Only the secret's hash is stored; an unknown or reset secret answers 404.
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { meetingPlace } from "../domain/consultations.ts";
import { feedFile, type InviteEvent } from "../mail/bookingInvite.ts";
import { HttpError } from "../middleware/errors.ts";
import { feedBookings } from "../models/bookings.ts";
import { findFeedOwner } from "../models/staffAvailability.ts";
import { agendaEntry } from "../presenters/consultationAdmin.ts";

export async function calendarFeedFile(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const owner = await findFeedOwner(db, String(req.params.token));
  if (!owner) throw new HttpError(404, "Not found");
  const now = new Date();
  const events: InviteEvent[] = (await feedBookings(db, owner.id)).map((r) => {
    const e = agendaEntry(r, now);
    const place = meetingPlace(r, r.phone, "staff");
    return {
      uid: r.uid,
      sequence: r.sequence,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      summary: `${r.type_name}: ${r.name}`,
      description: `${e.about}\n${r.email} · ${r.phone}`,
      location: place.location,
      url: place.url,
      cancelled: r.status === "cancelled",
      organizer: { name: owner.full_name, email: owner.email },
    };
  });
  res.set("Cache-Control", "private, no-store");
  res.set("X-Robots-Tag", "noindex");
  res.type("text/calendar; charset=utf-8").send(feedFile(`Consultations: ${owner.full_name}`, events));
}
