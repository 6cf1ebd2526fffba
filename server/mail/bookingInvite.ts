// A consultation as iCalendar: the invite attached to each booking e-mail (METHOD:REQUEST with a stable UID and a
// SEQUENCE raised on every change, METHOD:CANCEL when cancelled) and the events of a staff member's calendar feed.
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export interface InviteEvent {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** Where it happens: a video call's link, the office's address, who calls which number. */
  location?: string | null;
  /** A video call's link. */
  url?: string | null;
  cancelled: boolean;
  organizer: { name: string; email: string };
  attendee?: { name?: string; email: string };
}

const PROD_ID = { company: "Horizon Gate Travel & Visa Consultants", product: "Consultations", language: "EN" };

function addEvent(cal: ReturnType<typeof ical>, e: InviteEvent): void {
  cal.createEvent({
    id: e.uid,
    sequence: e.sequence,
    start: e.startsAt,
    end: e.endsAt,
    summary: e.summary,
    description: e.description,
    location: e.location ?? null,
    url: e.url ?? null,
    status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: e.organizer,
    attendees: e.attendee ? [{ ...e.attendee, rsvp: false }] : [],
  });
}

/** The invite of one change to one booking: a request (booked or moved) or a cancellation. */
export function inviteFile(event: InviteEvent): { method: "REQUEST" | "CANCEL"; content: string } {
  const method = event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const cal = ical({ prodId: PROD_ID, method });
  addEvent(cal, event);
  return { method: event.cancelled ? "CANCEL" : "REQUEST", content: cal.toString() };
}

/** A calendar feed: every event, published (no method: a subscription, not an invitation). */
export function feedFile(name: string, events: InviteEvent[]): string {
  const cal = ical({ prodId: PROD_ID, name, ttl: 15 * 60 });
  for (const e of events) addEvent(cal, e);
  return cal.toString();
}

/** One event to add to a calendar (a download, not an invitation: no method), e.g. a visa centre appointment. */
export function eventFile(event: InviteEvent): string {
  const cal = ical({ prodId: { ...PROD_ID, product: "Appointments" } });
  addEvent(cal, event);
  return cal.toString();
}
