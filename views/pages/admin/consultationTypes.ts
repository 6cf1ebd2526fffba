// Props of the staff's consultation pages (agenda, settings), shared with their controllers.
import type { Option } from "../portal/types.ts";

export interface AgendaEntry {
  id: string;
  /** "Mon 2 Mar, 09:00" in Lagos. */
  when: string;
  startsAt: string;
  type: string;
  staffName: string;
  name: string;
  email: string;
  phone: string;
  about: string;
  /** How it happens: "Video call", "At our office", "Phone call", and the way in (a link to join, the address, who calls). */
  place: {
    where: string;
    detail: { label: string; text: string; href: string | null } | null;
    /** What the type does not say yet (no meeting link, no address…), for staff to set under Consultations. */
    missing: string | null;
  };
  status: "awaiting_payment" | "confirmed" | "attended" | "no_show";
  statusLabel: string;
  /** A paid type's payment: "Paid", "Awaiting payment", "Payment needs attention", "Refunded"; null when free. */
  paymentLabel: string | null;
  note: string | null;
  /** Started and not marked yet: it can be marked held or missed (once). */
  canMark: boolean;
  /** Booked and not started, and the reader is a manager or the meeting's staff member: it can be cancelled. */
  canCancel: boolean;
  /** Held, and the person has no account yet: staff may invite them to create one. */
  canInvite: boolean;
  /** A wa.me link with the reminder text, ready to send. */
  whatsapp: string;
  /** The page of the lead of the person's address (their history), when there is one. */
  leadHref: string | null;
}

export interface AgendaLink {
  href: string;
  label: string;
}

export interface AgendaProps {
  range: "day" | "week";
  /** "" for everyone. */
  staff: string;
  staffOptions: Option[];
  /** The first day shown (YYYY-MM-DD, Lagos). */
  from: string;
  /** This page's address, where its forms come back to. */
  here: string;
  /** "Monday 2 March" or "Monday 2 March – Sunday 8 March". */
  heading: string;
  /** The day or week before and after this one, and back to today's when this is another. */
  previous: AgendaLink;
  next: AgendaLink;
  today: AgendaLink | null;
  entries: AgendaEntry[];
  /** Today's page (the day view of today): its empty state says "Nothing today". */
  isToday: boolean;
  /** The next meetings after this day or week (and after now), earliest first, each linking to its day. */
  comingUp: ComingUp[];
  error: { id: string; message: string } | null;
}

export interface ComingUp {
  id: string;
  /** "Tue 2 Dec, 10:00" in Lagos. */
  when: string;
  startsAt: string;
  name: string;
  type: string;
  staffName: string;
  /** The agenda of its day (the same person chosen). */
  href: string;
}

export interface TypeEntry {
  id: string;
  name: string;
  summary: string;
  active: boolean;
  mode: "office" | "video" | "phone";
  /** How its meetings happen, as staff read it ("Join: https://…"); null when not set yet. */
  place: string | null;
  /** What is missing for bookings to say how to join, or null. */
  missing: string | null;
  /** The "how it happens" form's values: as saved, or as typed into a refused post. */
  values: { video_url: string; office_address: string; phone_caller: string; phone_number: string };
}

export interface HoursEntry {
  weekday: number;
  label: string;
  /** "09:00-17:00", several spans as "09:00-12:00, 14:00-17:00", or "" (off). */
  value: string;
}

export interface ConsultationSettingsProps {
  types: TypeEntry[];
  modes: Option[];
  rules: { noticeHours: number; horizonWeeks: number };
  staffOptions: Option[];
  /** Whose availability the page shows. */
  staffId: string;
  availability: { bufferMinutes: number; hours: HoursEntry[]; daysOff: string };
  /** The signed-in person's own feed: whether it is set, and (just after a reset only) its address. */
  feed: { active: boolean; url: string | null };
  error: {
    form: "type" | "place" | "rules" | "availability";
    message: string;
    fields: Record<string, string>;
    /** The type whose "how it happens" was refused. */
    typeId?: string;
    /** What was typed into the add form. */
    values?: Record<string, string>;
  } | null;
}

/** A consultation on its lead's page. */
export interface LeadBooking {
  id: string;
  when: string;
  startsAt: string;
  type: string;
  staffName: string;
  statusLabel: string;
  note: string | null;
}
