// A booking's own links from its e-mails (no sign-in): /book/reschedule/<token> shows free times and moves it,
// /book/cancel/<token> asks, then cancels it. A link works until the meeting starts, and not after a change.
import type { Request, Response } from "express";
import { formatMinor } from "../../views/lib/money.ts";
import type { ManageBookingProps } from "../../views/pages/public/bookingTypes.ts";
import { cancelBooking, LINK_DEAD, rescheduleBooking } from "../actions/consultations/changeBooking.ts";
import { ctx } from "../context.ts";
import { currentYear, lagosDay } from "../domain/calendar.ts";
import { freeSlots } from "../domain/consultationSlots.ts";
import { guestActor } from "../http/actions.ts";
import type { FormRefusal } from "../middleware/errors.ts";
import { type BookingLinkPurpose, type BookingRow, findByLinkToken } from "../models/bookings.ts";
import { bookingRules, findType, staffCalendars } from "../models/consultations.ts";
import { bookingDays, bookingFacts, bookingTime } from "../presenters/booking.ts";
import { renderPage } from "../render/renderPage.ts";
import { rescheduleSchema } from "../validation/booking.ts";
import { checkInput } from "../validation/validate.ts";

const TITLES: Record<BookingLinkPurpose, string> = { reschedule: "Move your consultation", cancel: "Cancel your consultation" };

type Outcome = ManageBookingProps["outcome"];

async function answer(
  req: Request,
  res: Response,
  mode: BookingLinkPurpose,
  status: number,
  view: { booking?: BookingRow; outcome?: Outcome; day?: string; error?: string },
): Promise<void> {
  const { db } = ctx(req);
  const booking = view.booking;
  const type = booking ? await findType(db, booking.type_id) : undefined;
  const live = booking && type && !view.outcome;
  const slots =
    live && mode === "reschedule"
      ? freeSlots(await staffCalendars(db, new Date(), booking.id), type.minutes, await bookingRules(db), new Date())
      : [];
  const days = bookingDays(slots);
  const day = days.find((d) => d.day === view.day) ?? null;
  const props: ManageBookingProps = {
    year: currentYear(),
    csrfToken: (res.locals.csrfToken as string | undefined) ?? "",
    mode,
    token: live ? String(req.params.token) : "",
    outcome: view.outcome ?? null,
    booking: booking && type ? bookingFacts(booking, type) : null,
    days,
    day,
    times: day ? slots.filter((s) => lagosDay(s.startsAt) === day.day).map(bookingTime) : [],
    form: { error: view.error, fields: {}, values: {} },
  };
  // The token is in the address: no search engine keeps it, no other site is told it. "same-origin", not
  // "no-referrer": under no-referrer a browser sends the page's own form post with `Origin: null`, which the CSRF
  // check refuses as cross-site, so no one could move or cancel from the link.
  res.set("X-Robots-Tag", "noindex");
  res.set("Referrer-Policy", "same-origin");
  await renderPage(req, res, "public/ManageBooking", props, { title: TITLES[mode], status, noindex: true });
}

const dead: Outcome = { kind: "dead", message: LINK_DEAD };

function linkPage(mode: BookingLinkPurpose) {
  return async (req: Request, res: Response): Promise<void> => {
    const booking = await findByLinkToken(ctx(req).db, String(req.params.token), mode);
    if (!booking) return answer(req, res, mode, 410, { outcome: dead });
    await answer(req, res, mode, 200, { booking, day: typeof req.query.day === "string" ? req.query.day : undefined });
  };
}

/** GET /book/reschedule/:token[?day=YYYY-MM-DD] */
export const reschedulePage = linkPage("reschedule");
/** GET /book/cancel/:token — asks to confirm */
export const cancelPage = linkPage("cancel");

function refusedAs(mode: BookingLinkPurpose): FormRefusal {
  return async (req, res, { status, message }) => {
    const booking = await findByLinkToken(ctx(req).db, String(req.params.token), mode);
    await answer(req, res, mode, booking ? status : 410, booking ? { booking, error: message } : { outcome: dead });
  };
}
export const rescheduleRefused = refusedAs("reschedule");
export const cancelRefused = refusedAs("cancel");

/** POST /book/reschedule/:token — moves the booking to the chosen free time */
export async function rescheduleForm(req: Request, res: Response): Promise<void> {
  const token = String(req.params.token);
  const parsed = checkInput(rescheduleSchema, { token, slot: req.body?.slot });
  const current = await findByLinkToken(ctx(req).db, token, "reschedule");
  if (!current) return answer(req, res, "reschedule", 410, { outcome: dead });
  if (!parsed.ok) return answer(req, res, "reschedule", 400, { booking: current, error: Object.values(parsed.fields)[0] });
  const outcome = await rescheduleBooking(ctx(req), guestActor(req), parsed.data);
  if (!outcome.ok) {
    if (outcome.status === 410) return answer(req, res, "reschedule", 410, { outcome: dead });
    return answer(req, res, "reschedule", outcome.status, { booking: current, error: outcome.message, day: lagosDay(parsed.data.slot) });
  }
  await answer(req, res, "reschedule", 200, {
    booking: outcome.booking,
    outcome: { kind: "moved", message: "Your consultation has moved. We have e-mailed the new time and an updated calendar invite." },
  });
}

/** POST /book/cancel/:token — cancels the booking */
export async function cancelForm(req: Request, res: Response): Promise<void> {
  const outcome = await cancelBooking(ctx(req), guestActor(req), { token: String(req.params.token) });
  if (!outcome.ok) {
    const current = outcome.status === 410 ? undefined : await findByLinkToken(ctx(req).db, String(req.params.token), "cancel");
    // Paystack could not refund it: nothing changed, the visitor may try again.
    if (current) return answer(req, res, "cancel", outcome.status, { booking: current, error: outcome.message });
    return answer(req, res, "cancel", 410, { outcome: dead });
  }
  const refund = outcome.refund
    ? ` Your payment of ${formatMinor(Number(outcome.refund.refund_minor), outcome.refund.currency)} is being refunded through Paystack.`
    : "";
  await answer(req, res, "cancel", 200, {
    booking: outcome.booking,
    outcome: {
      kind: "cancelled",
      message: `Your consultation is cancelled. We have e-mailed an update that removes it from your calendar.${refund}`,
    },
  });
}
