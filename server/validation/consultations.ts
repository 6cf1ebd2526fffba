// Staff's consultation forms: a type, the booking rules, a person's availability, a meeting's outcome.
import { z } from "zod";
import { WEEKDAYS } from "../domain/consultationSlots.ts";
import { CONSULTATION_MODES, type ConsultationMode, PHONE_CALLERS, type TypePlace } from "../domain/consultations.ts";
import { toE164 } from "../domain/phone.ts";
import { singleLine } from "./text.ts";

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

type Place = Omit<TypePlace, "mode">;
type Ctx = z.RefinementCtx;

const LINK_EXAMPLE = "e.g. https://meet.google.com/abc-defg-hij";

/** A meeting link people can open from an e-mail or a calendar: a full https address on a named host, no password. */
function meetingLink(value: string, c: Ctx): string | null {
  const fail = (message: string) => {
    c.addIssue({ code: "custom", message, path: ["video_url"] });
    return null;
  };
  if (!value) return fail(`Enter the meeting link, ${LINK_EXAMPLE}`);
  if (value.length > 500) return fail("The meeting link must be at most 500 characters");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`Enter the meeting link as a full https:// address, ${LINK_EXAMPLE}`);
  }
  if (url.protocol !== "https:") return fail(`The meeting link must start with https://, ${LINK_EXAMPLE}`);
  if (/\s/.test(value) || !url.hostname.includes(".") || url.username || url.password)
    return fail(`Enter the meeting link as a full https:// address, ${LINK_EXAMPLE}`);
  return value;
}

/**
 * A type's "how it happens" for its mode: a video call's link, the office's address, or who calls whom on a phone
 * call (our number when they call us). The details of other modes are dropped: each type keeps its own mode's only.
 */
function placeFor(mode: ConsultationMode, v: Record<string, string>, c: Ctx): Place {
  const place: Place = { video_url: null, office_address: null, phone_caller: null, phone_number: null };
  if (mode === "video") place.video_url = meetingLink(v.video_url, c);
  if (mode === "office") {
    if (!v.office_address) c.addIssue({ code: "custom", message: "Enter the office's address", path: ["office_address"] });
    else if (v.office_address.length > 300)
      c.addIssue({ code: "custom", message: "Address must be at most 300 characters", path: ["office_address"] });
    else place.office_address = v.office_address;
  }
  if (mode === "phone") {
    const caller = PHONE_CALLERS.find((p) => p === v.phone_caller);
    if (!caller) c.addIssue({ code: "custom", message: "Choose who calls", path: ["phone_caller"] });
    else place.phone_caller = caller;
    if (caller === "they_call") {
      const e164 = toE164(v.phone_number);
      if (!v.phone_number) c.addIssue({ code: "custom", message: "Enter the number they call us on", path: ["phone_number"] });
      else if (!e164)
        c.addIssue({ code: "custom", message: "Enter a phone number they can call, e.g. 0803 000 0000 or +234 1 000 0000", path: ["phone_number"] });
      else place.phone_number = e164;
    }
  }
  return place;
}

const placeFields = {
  video_url: z.string().trim().max(2000, "The meeting link must be at most 500 characters").default(""),
  office_address: singleLine().max(2000, "Address must be at most 300 characters").default(""),
  phone_caller: z.string().trim().max(20).default(""),
  phone_number: singleLine().max(40, "Phone number is too long").default(""),
};

export const typeSchema = z
  .object({
    name: singleLine({ error: "Please enter a name" }).min(1, "Please enter a name").max(80, "Name must be at most 80 characters"),
    minutes: whole("Length", 10, 240),
    price_naira: whole("Price", 0, 10_000_000).default(0),
    mode: z.enum(CONSULTATION_MODES, { error: "Choose where it happens" }),
    ...placeFields,
  })
  .transform(({ name, minutes, price_naira, mode, ...typed }, c) => ({ name, minutes, price_naira, mode, ...placeFor(mode, typed, c) }));

/** How an existing type's meetings happen (its mode stays: its bookings were made for it). */
export const typePlaceSchema = (mode: ConsultationMode) => z.object(placeFields).transform((typed, c) => placeFor(mode, typed, c));

export const typeActiveSchema = z.object({ active: z.enum(["true", "false"]).transform((v) => v === "true") });

export const rulesSchema = z.object({ notice_hours: whole("Notice", 0, 336), horizon_weeks: whole("Horizon", 1, 26) });

const SPAN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;
const toMinutes = (h: string, m: string) => Number(h) * 60 + Number(m);
/** At most this many spans in one day (a morning, an afternoon, an evening and a few more). */
const MAX_SPANS = 6;

type Span = { startMinute: number; endMinute: number; text: string };

/**
 * One weekday's hours (Lagos time): "09:00-17:00", or several spans separated by commas ("09:00-12:00, 14:00-17:00"),
 * each starting before it ends and none overlapping another (touching is fine); empty → not working that day. Each
 * message names the day.
 */
const dayHours = (day: string) =>
  z
    .string()
    .trim()
    .max(100, `${day}: write at most ${MAX_SPANS} spans`)
    .default("")
    .transform((v, c) => {
      const fail = (message: string) => {
        c.addIssue({ code: "custom", message: `${day}: ${message}` });
        return z.NEVER;
      };
      const texts = v
        .split(/[,;]/)
        .map((t) => t.replace(/\s/g, "").replace(/[–—]/g, "-"))
        .filter(Boolean);
      if (texts.length > MAX_SPANS) return fail(`write at most ${MAX_SPANS} spans`);
      const spans: Span[] = [];
      for (const text of texts) {
        const m = SPAN.exec(text);
        if (!m) return fail("write the hours as 09:00-17:00, several spans as 09:00-12:00, 14:00-17:00, or leave empty for a day off");
        const span = { startMinute: toMinutes(m[1], m[2]), endMinute: toMinutes(m[3], m[4]), text };
        if (span.startMinute >= span.endMinute || span.endMinute > 1440) return fail(`${text} must start before it ends`);
        spans.push(span);
      }
      spans.sort((a, b) => a.startMinute - b.startMinute);
      const overlap = spans.findIndex((s, i) => i > 0 && s.startMinute < spans[i - 1].endMinute);
      if (overlap > 0) return fail(`${spans[overlap - 1].text} and ${spans[overlap].text} overlap`);
      return spans.map(({ startMinute, endMinute }) => ({ startMinute, endMinute }));
    });

export const availabilitySchema = z.object({
  buffer_minutes: whole("Buffer", 0, 120),
  ...Object.fromEntries(WEEKDAYS.map((day, d) => [`hours_${d}`, dayHours(day)])),
  days_off: z
    .string()
    .max(4000)
    .default("")
    .transform((v, c) => {
      const days = v.split(/[\s,]+/).filter(Boolean);
      const bad = days.find((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
      if (bad) {
        c.addIssue({ code: "custom", message: `"${bad.slice(0, 20)}" is not a date: write days off as YYYY-MM-DD, one per line` });
        return z.NEVER;
      }
      return [...new Set(days)];
    }),
}) as z.ZodType<
  { buffer_minutes: number; days_off: string[] } & Record<`hours_${number}`, { startMinute: number; endMinute: number }[]>,
  Record<string, unknown>
>;

export const cancelBookingSchema = z.object({
  reason: z.string().trim().min(1, "Write why the consultation is cancelled").max(500, "Reason must be at most 500 characters"),
});

export const outcomeSchema = z.object({
  outcome: z.enum(["attended", "no_show"], { error: "Choose held or missed" }),
  note: z.string().trim().max(2000, "Note must be at most 2,000 characters").default(""),
});
