// Consultation facts shown to people: where a meeting happens, and when, in Lagos time.

export const CONSULTATION_MODES = ["office", "video", "phone"] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];

export const MODE_LABELS: Record<ConsultationMode, string> = { office: "At our office", video: "Video call", phone: "Phone call" };

const fullLabel = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Africa/Lagos" });

/** "Monday 2 March 2026 at 09:00 (Lagos time)". */
export const lagosDateTime = (at: Date) => `${fullLabel.format(at)} (Lagos time)`;

/** "Mon 2 Mar, 09:00" in Lagos: a list's line, a reminder on the phone. */
export const lagosShort = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Lagos",
});

/** Who rings whom for a phone consultation: we call the number the person gave, or they call ours. */
export const PHONE_CALLERS = ["we_call", "they_call"] as const;
export type PhoneCaller = (typeof PHONE_CALLERS)[number];

/** How a type's meetings happen: its mode and that mode's one detail (the others are null). */
export interface TypePlace {
  mode: ConsultationMode;
  /** A video call's meeting link (https). */
  video_url: string | null;
  /** The office where it is held. */
  office_address: string | null;
  /** A phone call: who calls. */
  phone_caller: PhoneCaller | null;
  /** Our number, when the person calls us (E.164). */
  phone_number: string | null;
}

/** How one meeting happens, in the words of who reads it. */
export interface MeetingPlace {
  /** "Video call", "At our office", "Phone call". */
  where: string;
  /** The way in: the link to join, the address, who calls which number; null when the type does not say yet. */
  detail: { label: string; text: string; href: string | null } | null;
  /** The calendar invite's LOCATION. */
  location: string;
  /** A video call's link, the invite's URL. */
  url: string | null;
}

/**
 * How a meeting of this type happens, for the visitor ("we call you on …") or for staff ("we call them on …").
 * `phone` is the number the person gave when booking (already in international form).
 */
export function meetingPlace(t: TypePlace, phone: string | null, reader: "visitor" | "staff"): MeetingPlace {
  const where = MODE_LABELS[t.mode] ?? String(t.mode);
  const visitor = reader === "visitor";
  if (t.mode === "video" && t.video_url)
    return { where, detail: { label: "Join", text: t.video_url, href: t.video_url }, location: t.video_url, url: t.video_url };
  if (t.mode === "office" && t.office_address)
    return { where, detail: { label: "Address", text: t.office_address, href: null }, location: t.office_address, url: null };
  if (t.mode === "phone" && t.phone_caller === "we_call") {
    const text = phone ? (visitor ? `We call you on ${phone}` : `We call them on ${phone}`) : "We call you on the number you gave";
    return {
      where,
      detail: { label: "Who calls", text, href: !visitor && phone ? `tel:${phone}` : null },
      location: `Phone call: ${text.toLowerCase()}`,
      url: null,
    };
  }
  if (t.mode === "phone" && t.phone_caller === "they_call" && t.phone_number) {
    const text = visitor ? `Call us on ${t.phone_number}` : `They call us on ${t.phone_number}`;
    return {
      where,
      detail: { label: "Who calls", text, href: visitor ? `tel:${t.phone_number}` : null },
      location: `Phone call: ${text.toLowerCase()}`,
      url: null,
    };
  }
  return { where, detail: null, location: where, url: null };
}

/** What staff still have to add for a type's meetings to say how they happen, or null when nothing is missing. */
export function missingPlace(t: TypePlace): string | null {
  if (t.mode === "video" && !t.video_url) return "No meeting link yet: bookings do not say how to join.";
  if (t.mode === "office" && !t.office_address) return "No address yet: bookings do not say where the office is.";
  if (t.mode === "phone" && (!t.phone_caller || (t.phone_caller === "they_call" && !t.phone_number)))
    return "Who calls is not set yet: bookings do not say who rings whom.";
  return null;
}
