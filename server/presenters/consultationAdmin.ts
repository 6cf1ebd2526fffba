// Bookings, types and availability → the staff's agenda and consultation settings pages.
import type { AgendaEntry, AgendaLink, ComingUp, HoursEntry, LeadBooking, TypeEntry } from "../../views/pages/admin/consultationTypes.ts";
import type { ToReassign } from "../../views/pages/admin/Staff.tsx";
import type { SessionUser } from "../../views/types.ts";
import { addDays, lagosDay } from "../domain/calendar.ts";
import { isFree, type StaffCalendar, WEEKDAYS } from "../domain/consultationSlots.ts";
import { lagosDateTime, lagosShort, meetingPlace, missingPlace } from "../domain/consultations.ts";
import { mayChangeConsultation } from "../domain/staff.ts";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { AgendaListRow, AgendaRow } from "../models/bookings.ts";
import type { ConsultationTypeRow } from "../models/consultations.ts";
import type { Availability } from "../models/staffAvailability.ts";
import { consultationChoice } from "./booking.ts";

const STATUS_LABELS: Record<AgendaEntry["status"], string> = {
  awaiting_payment: "Waiting for payment",
  confirmed: "Booked",
  attended: "Held",
  no_show: "Missed",
};
const PAYMENT_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  failed: "Awaiting payment",
  paid: "Paid",
  needs_attention: "Payment needs attention",
  refunded: "Refunded",
};

/** The reminder a staff member sends by WhatsApp in one click: wa.me with the number's digits and the text. */
function whatsappLink(r: AgendaRow): string {
  const text = `Hello ${r.name}, this is Horizon Gate Travel & Visa Consultants reminding you of your ${r.type_name} on ${lagosDateTime(new Date(r.starts_at))}. Reply here if you need to change it.`;
  return `https://wa.me/${r.phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function agendaEntry(
  r: AgendaRow & Partial<Pick<AgendaListRow, "lead_id" | "payment_state">>,
  now: Date,
  viewer: SessionUser | null = null,
): AgendaEntry {
  const status = r.status === "cancelled" ? "confirmed" : r.status;
  // Who reads the agenda: the buttons of a meeting they may not change are not shown.
  const mine = mayChangeConsultation(viewer, r);
  return {
    id: r.id,
    when: lagosShort.format(new Date(r.starts_at)),
    startsAt: new Date(r.starts_at).toISOString(),
    type: r.type_name,
    staffName: r.staff_name,
    name: r.name,
    email: r.email,
    phone: r.phone,
    about: `${VISA_TYPE_OPTIONS.find((v) => v.value === r.visa_type)?.label ?? r.visa_type}, ${r.destination}`,
    place: (({ where, detail }) => ({ where, detail, missing: missingPlace(r) }))(meetingPlace(r, r.phone, "staff")),
    status,
    statusLabel: STATUS_LABELS[status],
    paymentLabel: r.payment_state ? (PAYMENT_LABELS[r.payment_state] ?? null) : null,
    note: r.note,
    canMark: mine && status === "confirmed" && new Date(r.starts_at) <= now,
    canCancel: mine && r.status === "confirmed" && new Date(r.starts_at) > now,
    canInvite: mine && r.status === "attended" && !r.user_id,
    whatsapp: whatsappLink(r),
    leadHref: r.lead_id ? `/admin/leads/${r.lead_id}` : null,
  };
}

/** A leaver's consultation waiting for a manager, with who is free to take it then (the server checks again). */
export function toReassignEntry(r: AgendaRow, calendars: StaffCalendar[], names: Map<string, string>): ToReassign {
  const startsAt = new Date(r.starts_at);
  const minutes = (new Date(r.ends_at).getTime() - startsAt.getTime()) / 60_000;
  return {
    id: r.id,
    when: lagosDateTime(startsAt),
    startsAt: startsAt.toISOString(),
    type: r.type_name,
    clientName: r.name,
    staffName: r.staff_name,
    statusLabel: STATUS_LABELS[r.status === "awaiting_payment" ? "awaiting_payment" : "confirmed"],
    freeStaff: calendars.filter((c) => isFree(c, startsAt, minutes)).map((c) => ({ value: c.staffId, label: names.get(c.staffId) ?? c.staffId })),
  };
}

/** A consultation on its lead's page: when, what, with whom, and what became of it. */
export function leadBooking(r: AgendaRow): LeadBooking {
  return {
    id: r.id,
    when: lagosShort.format(new Date(r.starts_at)),
    startsAt: new Date(r.starts_at).toISOString(),
    type: r.type_name,
    staffName: r.staff_name,
    statusLabel: r.status === "cancelled" ? "Cancelled" : STATUS_LABELS[r.status],
    note: r.note,
  };
}

type AgendaView = { range: "day" | "week"; staff: string; from: string };

/** A coming meeting after the page's day or week, linking to its own day. */
export const comingUpEntry = (r: AgendaRow, staff: string): ComingUp => ({
  id: r.id,
  when: lagosShort.format(new Date(r.starts_at)),
  startsAt: new Date(r.starts_at).toISOString(),
  name: r.name,
  type: r.type_name,
  staffName: r.staff_name,
  href: agendaHref({ range: "day", staff, from: lagosDay(new Date(r.starts_at)) }),
});

/** The agenda's address for a view: plain links, so paging works without script and keeps the person chosen. */
function agendaHref({ range, staff, from }: AgendaView): string {
  return `/admin/agenda?${new URLSearchParams({ range, ...(staff ? { staff } : {}), from })}`;
}

/** This page's address, the day or week before and after it, and today's when it is another. */
export function agendaPaging(view: AgendaView, today: string): { here: string; previous: AgendaLink; next: AgendaLink; today: AgendaLink | null } {
  const step = view.range === "week" ? 7 : 1;
  const unit = view.range === "week" ? "week" : "day";
  return {
    here: agendaHref(view),
    previous: { href: agendaHref({ ...view, from: addDays(view.from, -step) }), label: `Previous ${unit}` },
    next: { href: agendaHref({ ...view, from: addDays(view.from, step) }), label: `Next ${unit}` },
    today: view.from === today ? null : { href: agendaHref({ ...view, from: today }), label: "Today" },
  };
}

/** A type on the settings page, with how its meetings happen (or what is missing); `typed` is a refused post's body. */
export function typeEntry(t: ConsultationTypeRow, typed?: Record<string, unknown>): TypeEntry {
  const detail = meetingPlace(t, null, "staff").detail;
  const saved = {
    video_url: t.video_url ?? "",
    office_address: t.office_address ?? "",
    phone_caller: t.phone_caller ?? "",
    phone_number: t.phone_number ?? "",
  };
  const asTyped = (k: keyof typeof saved) => (typeof typed?.[k] === "string" ? (typed[k] as string).slice(0, 500) : saved[k]);
  return {
    ...consultationChoice(t),
    active: t.active,
    mode: t.mode,
    place: detail ? `${detail.label}: ${t.phone_caller === "we_call" ? "We call them on the number they gave" : detail.text}` : null,
    missing: missingPlace(t),
    values: typed
      ? {
          video_url: asTyped("video_url"),
          office_address: asTyped("office_address"),
          phone_caller: asTyped("phone_caller"),
          phone_number: asTyped("phone_number"),
        }
      : saved,
  };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/**
 * The saved availability as the form's values; after a refused post, each day's hours as the person typed them
 * (`typed`, the post's body), so the day the message names can be corrected rather than typed again.
 */
export function availabilityProps(
  a: Availability | undefined,
  typed?: Record<string, unknown>,
): { bufferMinutes: number; hours: HoursEntry[]; daysOff: string } {
  return {
    bufferMinutes: a?.bufferMinutes ?? 15,
    hours: WEEKDAYS.map((label, weekday) => {
      const asTyped = typed?.[`hours_${weekday}`];
      if (typeof asTyped === "string") return { weekday, label, value: asTyped.slice(0, 100) };
      const spans = (a?.hours ?? []).filter((x) => x.weekday === weekday).sort((x, y) => x.startMinute - y.startMinute);
      return { weekday, label, value: spans.map((h) => `${hhmm(h.startMinute)}-${hhmm(h.endMinute)}`).join(", ") };
    }),
    daysOff: (a?.daysOff ?? []).join("\n"),
  };
}
