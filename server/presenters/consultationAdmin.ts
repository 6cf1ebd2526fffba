// Bookings, types and availability → the staff's agenda and consultation settings pages.
import type { AgendaEntry, HoursEntry, TypeEntry } from "../../views/pages/admin/consultationTypes.ts";
import { WEEKDAYS } from "../domain/consultationSlots.ts";
import { lagosDateTime } from "../domain/consultations.ts";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { AgendaRow } from "../models/bookings.ts";
import type { ConsultationTypeRow } from "../models/consultations.ts";
import type { Availability } from "../models/staffAvailability.ts";
import { consultationChoice } from "./booking.ts";

const when = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Lagos",
});
const STATUS_LABELS: Record<AgendaEntry["status"], string> = { confirmed: "Booked", attended: "Held", no_show: "Missed" };

/** The reminder a staff member sends by WhatsApp in one click: wa.me with the number's digits and the text. */
function whatsappLink(r: AgendaRow): string {
  const text = `Hello ${r.name}, this is Horizon Gate Travel & Visa Consultants reminding you of your ${r.type_name} on ${lagosDateTime(new Date(r.starts_at))}. Reply here if you need to change it.`;
  return `https://wa.me/${r.phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

export function agendaEntry(r: AgendaRow, now: Date): AgendaEntry {
  const status = r.status === "cancelled" ? "confirmed" : r.status;
  return {
    id: r.id,
    when: when.format(new Date(r.starts_at)),
    startsAt: new Date(r.starts_at).toISOString(),
    type: r.type_name,
    staffName: r.staff_name,
    name: r.name,
    email: r.email,
    phone: r.phone,
    about: `${VISA_TYPE_OPTIONS.find((v) => v.value === r.visa_type)?.label ?? r.visa_type}, ${r.destination}`,
    status,
    statusLabel: STATUS_LABELS[status],
    note: r.note,
    canMark: new Date(r.starts_at) <= now,
    canInvite: r.status === "attended" && !r.user_id,
    whatsapp: whatsappLink(r),
  };
}

export const typeEntry = (t: ConsultationTypeRow): TypeEntry => ({ ...consultationChoice(t), active: t.active });

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
