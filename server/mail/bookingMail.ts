// A booking's e-mails: queued with the change (to the visitor and to the staff member), and at send time their
// calendar invite and the visitor's reschedule and cancel links (issued then, so no token is ever recorded).
import type { Knex } from "knex";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { BookingRow } from "../models/bookings.ts";
import { issueBookingToken } from "../models/bookings.ts";
import type { ConsultationTypeRow } from "../models/consultations.ts";
import { findUserContact } from "../models/users.ts";
import { type InviteEvent, inviteFile } from "./bookingInvite.ts";
import { placeOfMail } from "./bookingPlace.ts";
import type { MailData, MailKind } from "./messages.ts";
import type { MessageRow, Outbox } from "./outbox.ts";

export type BookingChange = "booked" | "moved" | "cancelled";

const VISITOR_KIND: Record<BookingChange, MailKind> = { booked: "booking_confirmed", moved: "booking_moved", cancelled: "booking_cancelled" };
const STAFF_WORDS: Record<BookingChange, string> = {
  booked: "Consultation booked",
  moved: "Consultation moved",
  cancelled: "Consultation cancelled",
};

/** What a booking's messages are written from (no secret). */
export async function bookingMailData(db: Knex, booking: BookingRow, type: ConsultationTypeRow): Promise<MailData> {
  const staff = await findUserContact(db, booking.staff_id);
  return {
    bookingId: booking.id,
    uid: booking.uid,
    sequence: booking.sequence,
    method: booking.status === "cancelled" ? "CANCEL" : "REQUEST",
    startsAt: new Date(booking.starts_at).toISOString(),
    endsAt: new Date(booking.ends_at).toISOString(),
    typeName: type.name,
    minutes: type.minutes,
    mode: type.mode,
    // How it happens, as the type says at the time of the message (a later change shows in the next one).
    videoUrl: type.video_url,
    officeAddress: type.office_address,
    phoneCaller: type.phone_caller,
    phoneNumber: type.phone_number,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    destination: booking.destination,
    visaLabel: VISA_TYPE_OPTIONS.find((v) => v.value === booking.visa_type)?.label ?? booking.visa_type,
    staffName: staff?.full_name ?? "",
    staffEmail: staff?.email ?? "",
  };
}

/** Queues the visitor's and the staff member's message about one change, in the change's transaction. */
export async function queueBookingMail(
  outbox: Outbox,
  trx: Knex.Transaction,
  input: { booking: BookingRow; type: ConsultationTypeRow; change: BookingChange; refund?: string; toVisitor?: boolean },
): Promise<void> {
  const data: MailData = { ...(await bookingMailData(trx, input.booking, input.type)), ...(input.refund ? { refund: input.refund } : {}) };
  if (input.toVisitor !== false)
    await outbox.queue(trx, { kind: VISITOR_KIND[input.change], to: input.booking.email, userId: input.booking.user_id, data });
  if (data.staffEmail)
    await outbox.queue(trx, { kind: "booking_staff", to: String(data.staffEmail), data: { ...data, change: STAFF_WORDS[input.change] } });
}

const INVITE_KINDS = new Set<string>(["booking_confirmed", "booking_moved", "booking_cancelled", "booking_staff"]);
const LINK_KINDS = new Set<string>(["booking_confirmed", "booking_moved"]);

/**
 * The invite event a recorded message describes. The visitor's own invite carries none of the words typed into /book
 * (the name, the destination), or the form would carry anyone's words to any address; the staff member's carries them.
 */
export function inviteEventOf(d: MailData, toVisitor: boolean): InviteEvent {
  const place = placeOfMail(d, toVisitor ? "visitor" : "staff");
  return {
    uid: String(d.uid),
    sequence: Number(d.sequence),
    startsAt: new Date(String(d.startsAt)),
    endsAt: new Date(String(d.endsAt)),
    summary: `${d.typeName} with Horizon Gate`,
    description: toVisitor ? String(d.visaLabel) : `${d.visaLabel}, ${d.destination}`,
    location: place.location,
    url: place.url,
    cancelled: d.method === "CANCEL",
    organizer: { name: String(d.staffName), email: String(d.staffEmail) },
    attendee: toVisitor ? { email: String(d.email) } : { name: String(d.name), email: String(d.email) },
  };
}

/** The calendar invite attached to a booking message, if it is one. */
export function bookingInvite(row: MessageRow): ReturnType<typeof inviteFile> | undefined {
  return INVITE_KINDS.has(row.kind) ? inviteFile(inviteEventOf(row.data, row.kind !== "booking_staff")) : undefined;
}

/** The visitor's reschedule and cancel links, issued now (at send time), for the messages that carry them. */
export async function bookingLinks(db: Knex, row: MessageRow, baseUrl: string): Promise<{ reschedule: string; cancel: string } | undefined> {
  if (!LINK_KINDS.has(row.kind)) return undefined;
  const id = String(row.data.bookingId);
  const reschedule = await issueBookingToken(db, id, "reschedule");
  const cancel = await issueBookingToken(db, id, "cancel");
  return { reschedule: `${baseUrl}/book/reschedule/${reschedule}`, cancel: `${baseUrl}/book/cancel/${cancel}` };
}
