// /admin/agenda: the coming consultations, a day or a week, for one person or everyone; marking one held or missed.
import type { Request, Response } from "express";
import type { AgendaProps } from "../../../views/pages/admin/consultationTypes.ts";
import { inviteToAccount } from "../../actions/consultations/inviteToAccount.ts";
import { recordOutcome } from "../../actions/consultations/recordOutcome.ts";
import { ctx } from "../../context.ts";
import { addDays, lagosDay, lagosInstant } from "../../domain/calendar.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { agenda } from "../../models/bookings.ts";
import { listStaff } from "../../models/staffAvailability.ts";
import { agendaEntry } from "../../presenters/consultationAdmin.ts";
import { renderPage } from "../../render/renderPage.ts";
import { outcomeSchema } from "../../validation/consultations.ts";
import { parseInput } from "../../validation/validate.ts";

const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Africa/Lagos" });

async function show(req: Request, res: Response, status: number, error: AgendaProps["error"]): Promise<void> {
  const { db } = ctx(req);
  const range = req.query.range === "week" ? "week" : "day";
  const staff = await listStaff(db);
  const chosen = staff.find((s) => s.id === req.query.staff)?.id ?? "";
  const today = lagosDay(new Date());
  const from = lagosInstant(today, 0);
  const last = addDays(today, range === "week" ? 6 : 0);
  const rows = await agenda(db, { from, to: lagosInstant(addDays(last, 1), 0), staffId: chosen || undefined });
  const now = new Date();
  const props: AgendaProps = {
    range,
    staff: chosen,
    staffOptions: staff.map((s) => ({ value: s.id, label: s.full_name })),
    heading: range === "week" ? `${dayLabel.format(from)} – ${dayLabel.format(lagosInstant(last, 0))}` : dayLabel.format(from),
    entries: rows.map((r) => agendaEntry(r, now)),
    error,
  };
  await renderPage(req, res, "admin/Agenda", props, { title: "Agenda", status });
}

/** GET /admin/agenda[?range=day|week][&staff=<id>] */
export const agendaPage = (req: Request, res: Response) => show(req, res, 200, null);

export const outcomeFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  show(req, res, status, { id: String(req.params.id), message: fields?.outcome ?? fields?.note ?? message });

/** POST /admin/bookings/:id/invite — invites the person to create an account */
export async function inviteForm(req: Request, res: Response): Promise<void> {
  const { booking } = orRefuse(await inviteToAccount(ctx(req), signedInActor(req, res), { bookingId: String(req.params.id) }));
  redirectWithFlash(req, res, "/admin/agenda", { title: "Invitation sent", description: `${booking.name} can now create an account.` });
}

/** POST /admin/bookings/:id/outcome {outcome, note} */
export async function outcomeForm(req: Request, res: Response): Promise<void> {
  const input = parseInput(outcomeSchema, req.body);
  orRefuse(await recordOutcome(ctx(req), signedInActor(req, res), { bookingId: String(req.params.id), ...input }));
  redirectWithFlash(req, res, typeof req.body?.back === "string" && req.body.back.startsWith("/admin/agenda") ? req.body.back : "/admin/agenda", {
    title: input.outcome === "attended" ? "Marked held" : "Marked missed",
  });
}
