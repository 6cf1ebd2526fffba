// /admin/agenda: the consultations of a day or a week (paged by links), for one person or everyone; marking one held
// or missed, cancelling one, and inviting the person to create an account.
import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import type { AgendaProps } from "../../../views/pages/admin/consultationTypes.ts";
import { cancelByStaff } from "../../actions/consultations/cancelByStaff.ts";
import { inviteToAccount } from "../../actions/consultations/inviteToAccount.ts";
import { recordOutcome } from "../../actions/consultations/recordOutcome.ts";
import { ctx } from "../../context.ts";
import { addDays, lagosDay, lagosInstant } from "../../domain/calendar.ts";
import { orRefuse, staffActor } from "../../http/actions.ts";
import { currentUser } from "../../middleware/auth.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { agenda, comingUp } from "../../models/bookings.ts";
import { listStaff } from "../../models/staffAvailability.ts";
import { agendaEntry, agendaPaging, comingUpEntry } from "../../presenters/consultationAdmin.ts";
import { renderPage } from "../../render/renderPage.ts";
import { parseAgendaQuery } from "../../validation/agenda.ts";
import { cancelBookingSchema, outcomeSchema } from "../../validation/consultations.ts";
import { parseInput } from "../../validation/validate.ts";

const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Africa/Lagos" });

async function show(req: Request, res: Response, status: number, error: AgendaProps["error"]): Promise<void> {
  const { db } = ctx(req);
  const now = new Date();
  const today = lagosDay(now);
  const query = parseAgendaQuery(req.method === "GET" ? req.query : Object.fromEntries(new URLSearchParams(backTo(req).split("?")[1])), today);
  const staff = await listStaff(db);
  const viewer = currentUser(res);
  const view = { ...query, staff: staff.find((s) => s.id === query.staff)?.id ?? "" };
  const from = lagosInstant(view.from, 0);
  const last = addDays(view.from, view.range === "week" ? 6 : 0);
  const to = lagosInstant(addDays(last, 1), 0);
  const rows = await agenda(db, { from, to, staffId: view.staff || undefined });
  // What comes next after this page (and not before now), so an empty day still points to the next meeting.
  const next = await comingUp(db, { after: to > now ? to : now, staffId: view.staff || undefined, limit: 5 });
  const props: AgendaProps = {
    ...view,
    staffOptions: staff.map((s) => ({ value: s.id, label: s.full_name })),
    heading: view.range === "week" ? `${dayLabel.format(from)} – ${dayLabel.format(lagosInstant(last, 0))}` : dayLabel.format(from),
    ...agendaPaging(view, today),
    entries: rows.map((r) => agendaEntry(r, now, viewer ?? null)),
    isToday: view.range === "day" && view.from === today,
    comingUp: next.map((r) => comingUpEntry(r, view.staff)),
    error,
  };
  await renderPage(req, res, "admin/Agenda", props, { title: "Agenda", status });
}

/** GET /admin/agenda[?range=day|week][&staff=<id>][&from=YYYY-MM-DD] */
export const agendaPage = (req: Request, res: Response) => show(req, res, 200, null);

export const outcomeFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  show(req, res, status, { id: String(req.params.id), message: fields?.outcome ?? fields?.note ?? fields?.reason ?? message });

/** The agenda page a form was sent from (its `back` field), so the answer shows the same day or week. */
function backTo(req: Request): string {
  const back = req.body?.back;
  return typeof back === "string" && back.startsWith("/admin/agenda?") ? back : "/admin/agenda";
}

/** POST /admin/bookings/:id/invite — invites the person to create an account */
export async function inviteForm(req: Request, res: Response): Promise<void> {
  const { booking } = orRefuse(await inviteToAccount(ctx(req), staffActor(req, res), { bookingId: String(req.params.id) }));
  redirectWithFlash(req, res, backTo(req), { title: "Invitation sent", description: `${booking.name} can now create an account.` });
}

/** POST /admin/bookings/:id/outcome {outcome, note} */
export async function outcomeForm(req: Request, res: Response): Promise<void> {
  const input = parseInput(outcomeSchema, req.body);
  orRefuse(await recordOutcome(ctx(req), staffActor(req, res), { bookingId: String(req.params.id), ...input }));
  redirectWithFlash(req, res, backTo(req), {
    title: input.outcome === "attended" ? "Marked held" : "Marked missed",
  });
}

/** POST /admin/bookings/:id/cancel {reason} — cancels the meeting (refunded through Paystack first when paid) */
export async function cancelForm(req: Request, res: Response): Promise<void> {
  const { reason } = parseInput(cancelBookingSchema, req.body);
  const { booking, refund } = orRefuse(await cancelByStaff(ctx(req), staffActor(req, res), { bookingId: String(req.params.id), reason }));
  redirectWithFlash(req, res, backTo(req), {
    title: "Consultation cancelled",
    description: `${booking.name} has been e-mailed${refund ? ` and refunded ${formatMinor(Number(refund.refund_minor), refund.currency)}` : ""}.`,
  });
}
