// /book: a visitor books a consultation in three plain steps (type → day → time and details), without an account
// and without JavaScript; the POST books it through bookConsultation.
import type { Request, Response } from "express";
import type { BookPageProps, FormState } from "../../views/pages/public/bookingTypes.ts";
import { bookConsultation } from "../actions/consultations/bookConsultation.ts";
import { startBookingCheckout } from "../actions/consultations/bookingCheckout.ts";
import { ctx } from "../context.ts";
import { currentYear, lagosDay } from "../domain/calendar.ts";
import { bookingConsentWords, channelWords } from "../domain/channels.ts";
import { freeSlots } from "../domain/consultationSlots.ts";
import { guestActor, signedInActor } from "../http/actions.ts";
import { ipOf } from "../http/signIn.ts";
import { currentUser } from "../middleware/auth.ts";
import type { FormRefusal } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, networkOf } from "../middleware/rateLimit.ts";
import { bookingRules, findType, listActiveTypes, staffCalendars } from "../models/consultations.ts";
import { findAccountProfile } from "../models/users.ts";
import { bookingDays, bookingFacts, bookingTime, consultationChoice, VISA_CHOICES } from "../presenters/booking.ts";
import { renderPage } from "../render/renderPage.ts";
import { bookingSchema } from "../validation/booking.ts";
import { checkInput } from "../validation/validate.ts";

const FIELDS = ["type", "slot", "name", "email", "phone", "destination", "visa_type", "whatsapp", "sms"] as const;
const TITLE = "Book a Consultation";

/** What the visitor typed (nothing is lost when something is refused). */
function typed(body: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS) if (typeof body?.[f] === "string") out[f] = (body[f] as string).slice(0, 200);
  return out;
}

/** A signed-in applicant's name, e-mail and phone, to start the form with. */
async function prefill(req: Request, res: Response): Promise<Record<string, string>> {
  const user = currentUser(res);
  if (!user) return {};
  const row = await findAccountProfile(ctx(req).db, user.id);
  return { name: row?.full_name ?? "", email: row?.email ?? "", phone: row?.phone ?? "" };
}

/** The page at one step: the chosen type's days and the chosen day's times come from the live availability. */
async function answer(req: Request, res: Response, status: number, want: { type?: string; day?: string }, form: FormState): Promise<void> {
  const { db } = ctx(req);
  const types = await listActiveTypes(db);
  const type = types.find((t) => t.id === want.type) ?? null;
  const slots = type ? freeSlots(await staffCalendars(db, new Date()), type.minutes, await bookingRules(db), new Date()) : [];
  const days = bookingDays(slots);
  const day = days.find((d) => d.day === want.day) ?? null;
  const props: BookPageProps = {
    year: currentYear(),
    csrfToken: (res.locals.csrfToken as string | undefined) ?? "",
    step: !type ? "type" : !day ? "day" : "time",
    types: types.map(consultationChoice),
    type: type && consultationChoice(type),
    days,
    day,
    times: day ? slots.filter((s) => lagosDay(s.startsAt) === day.day).map(bookingTime) : [],
    visaTypes: VISA_CHOICES,
    channels: channelWords(bookingConsentWords, ctx(req).config.site.name),
    form,
    booked: null,
  };
  await renderPage(req, res, "public/Book", props, { title: TITLE, status, noindex: status !== 200 });
}

const query = (req: Request, name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : undefined);

/** GET /book[?type=…[&day=YYYY-MM-DD]] */
export async function bookPage(req: Request, res: Response): Promise<void> {
  await answer(req, res, 200, { type: query(req, "type"), day: query(req, "day") }, { fields: {}, values: await prefill(req, res) });
}

/** The day the visitor was choosing in, from the time they sent (so a refused form shows the same day's times). */
const dayOf = (slot: string | undefined) => (slot && !Number.isNaN(Date.parse(slot)) ? lagosDay(new Date(slot)) : undefined);

/** A refused post (CSRF, a limit): the same step again with the message and what was typed. */
export const bookFormRefused: FormRefusal = async (req, res, { status, message, fields }) => {
  const values = typed(req.body);
  await answer(req, res, status, { type: values.type, day: dayOf(values.slot) }, { error: message, fields: fields ?? {}, values });
};

/** POST /book — books the chosen time; a time taken meanwhile shows that day's (or the next) free times. */
export async function bookForm(req: Request, res: Response): Promise<void> {
  const values = typed(req.body);
  const parsed = checkInput(bookingSchema, req.body);
  if (!parsed.ok) {
    const message = Object.values(parsed.fields)[0] ?? "Please check the form.";
    return answer(req, res, 400, { type: values.type, day: dayOf(values.slot) }, { error: message, fields: parsed.fields, values });
  }
  // Thrown as a refusal: the form again with the message (bookFormRefused).
  await enforceLimit(req, LIMITS.bookingsPerIp, networkOf(ipOf(req)));
  const actor = currentUser(res) ? signedInActor(req, res) : guestActor(req);
  const outcome = await bookConsultation(ctx(req), actor, parsed.data);
  if (!outcome.ok) {
    const { slot: _taken, ...kept } = values;
    return answer(req, res, outcome.status, { type: values.type, day: dayOf(values.slot) }, { error: outcome.message, fields: {}, values: kept });
  }
  if (outcome.payment) {
    // A paid type: its time is held while the visitor pays on Paystack's checkout.
    const baseUrl = ctx(req).config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
    const checkout = await startBookingCheckout(ctx(req), actor, { booking: outcome.booking, payment: outcome.payment, baseUrl });
    if (!checkout.ok)
      return answer(req, res, checkout.status, { type: values.type, day: dayOf(values.slot) }, { error: checkout.message, fields: {}, values });
    return res.redirect(303, checkout.authorizationUrl);
  }
  const type = await findType(ctx(req).db, outcome.booking.type_id);
  const props: BookPageProps = {
    year: currentYear(),
    csrfToken: "",
    step: "booked",
    types: [],
    type: consultationChoice(type),
    days: [],
    day: null,
    times: [],
    visaTypes: [],
    channels: [],
    form: { fields: {}, values: {} },
    booked: bookingFacts(outcome.booking, type),
  };
  await renderPage(req, res, "public/Book", props, { title: "Consultation booked", noindex: true });
}
