// Consultation types, days, times and bookings → the booking pages' props, all in Lagos time.
import type { BookingDay, BookingFacts, BookingTime, ConsultationChoice } from "../../views/pages/public/bookingTypes.ts";
import { lagosDay } from "../domain/calendar.ts";
import type { Slot } from "../domain/consultationSlots.ts";
import { lagosDateTime, MODE_LABELS, meetingPlace } from "../domain/consultations.ts";
import { VISA_TYPE_OPTIONS } from "../domain/visa.ts";
import type { BookingRow } from "../models/bookings.ts";
import type { ConsultationTypeRow } from "../models/consultations.ts";

const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Africa/Lagos" });
const timeLabel = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Lagos" });
const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", maximumFractionDigits: 0 });

export const priceLabel = (kobo: number) => (kobo === 0 ? "Free" : naira.format(kobo / 100));

export const consultationChoice = (t: ConsultationTypeRow): ConsultationChoice => ({
  id: t.id,
  name: t.name,
  summary: `${t.minutes} minutes · ${priceLabel(t.price_kobo)} · ${MODE_LABELS[t.mode]}`,
  priceText: t.price_kobo > 0 ? priceLabel(t.price_kobo) : null,
});

/** The days with at least one free time, in order. */
export function bookingDays(slots: Slot[]): BookingDay[] {
  const days = new Map<string, BookingDay>();
  for (const s of slots) {
    const day = lagosDay(s.startsAt);
    const entry = days.get(day) ?? { day, label: dayLabel.format(s.startsAt), times: 0 };
    entry.times++;
    days.set(day, entry);
  }
  return [...days.values()];
}

export const bookingTime = (s: Slot): BookingTime => ({ value: s.startsAt.toISOString(), label: timeLabel.format(s.startsAt) });

export function bookingFacts(b: BookingRow, t: ConsultationTypeRow): BookingFacts {
  const place = meetingPlace(t, b.phone, "visitor");
  return {
    rows: [
      ["Consultation", t.name],
      ["When", lagosDateTime(new Date(b.starts_at))],
      ["Length", `${t.minutes} minutes`],
      ["Where", place.where],
      ...(place.detail
        ? [[place.detail.label, place.detail.text, ...(place.detail.href ? [place.detail.href] : [])] as BookingFacts["rows"][number]]
        : []),
      ["About", `${VISA_TYPE_OPTIONS.find((v) => v.value === b.visa_type)?.label ?? b.visa_type}, ${b.destination}`],
      ["Name", b.name],
      ["E-mail", b.email],
    ],
  };
}

export const VISA_CHOICES = VISA_TYPE_OPTIONS.map((v) => ({ value: v.value, label: v.label }));
