// /admin/appointments: the visa-centre appointments of a day or a week, like the consultations agenda (plain links
// page it, a plain form chooses the view). A manager sees everyone's or one officer's; an officer sees the appointments
// of their own cases only, whatever the link asks for.
import type { Request, Response } from "express";
import type { AppointmentsProps, CalendarDay, CalendarLink } from "../../../views/pages/admin/appointmentTypes.ts";
import { ctx } from "../../context.ts";
import { addDays, lagosDay, lagosInstant } from "../../domain/calendar.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { currentUser } from "../../middleware/auth.ts";
import { appointmentsBetween, CALENDAR_LIMIT, type CalendarRow } from "../../models/appointmentCalendar.ts";
import { listStaff } from "../../models/staffAvailability.ts";
import { renderPage } from "../../render/renderPage.ts";
import { parseAgendaQuery } from "../../validation/agenda.ts";

const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Africa/Lagos" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Africa/Lagos" });

type View = { range: "day" | "week"; staff: string; from: string };

const hrefOf = ({ range, staff, from }: View) => `/admin/appointments?${new URLSearchParams({ range, ...(staff ? { staff } : {}), from })}`;

function entryOf(r: CalendarRow, now: Date): CalendarDay["entries"][number] {
  const at = new Date(r.appointment_at);
  const state = r.attended ? "attended" : at > now ? "coming" : "passed";
  return {
    id: r.stage_id,
    time: timeFormat.format(at),
    startsAt: at.toISOString(),
    applicant: r.applicant_name?.trim() || "Applicant",
    reference: r.reference_number,
    caseHref: `/admin/application/${r.application_id}#after-approval`,
    centre: r.centre_name ?? "Visa centre",
    centreReference: r.centre_reference ?? "",
    officer: r.assignee_name ?? "Unassigned",
    state,
    stateLabel: state === "attended" ? "Attended" : state === "coming" ? "To come" : "Passed: record the biometrics or mark it missed",
  };
}

/** GET /admin/appointments[?range=day|week][&staff=<id>][&from=YYYY-MM-DD] */
export async function appointmentsPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const now = new Date();
  const today = lagosDay(now);
  const viewer = currentUser(res);
  const query = parseAgendaQuery(req.query, today);
  const manager = actsAsManager(viewer);
  const staff = manager ? await listStaff(db) : [];
  // An officer's calendar is their own cases, whatever the link names.
  const view: View = { ...query, staff: manager ? (staff.find((s) => s.id === query.staff)?.id ?? "") : (viewer?.id ?? "") };
  const last = addDays(view.from, view.range === "week" ? 6 : 0);
  const from = lagosInstant(view.from, 0);
  const to = lagosInstant(addDays(last, 1), 0);
  const rows = await appointmentsBetween(db, { from, to, assigneeId: view.staff || undefined });
  const days: CalendarDay[] = [];
  for (let d = view.from; d <= last; d = addDays(d, 1)) {
    const entries = rows.filter((r) => lagosDay(new Date(r.appointment_at)) === d).map((r) => entryOf(r, now));
    days.push({ day: d, label: dayLabel.format(lagosInstant(d, 0)), entries });
  }
  const step = view.range === "week" ? 7 : 1;
  const unit = view.range === "week" ? "week" : "day";
  const link = (v: View, label: string): CalendarLink => ({ href: hrefOf(v), label });
  const props: AppointmentsProps = {
    ...view,
    staff: manager ? view.staff : "",
    staffOptions: manager ? staff.map((s) => ({ value: s.id, label: s.full_name })) : null,
    heading: view.range === "week" ? `${dayLabel.format(from)} – ${dayLabel.format(lagosInstant(last, 0))}` : dayLabel.format(from),
    previous: link({ ...view, staff: manager ? view.staff : "", from: addDays(view.from, -step) }, `Previous ${unit}`),
    next: link({ ...view, staff: manager ? view.staff : "", from: addDays(view.from, step) }, `Next ${unit}`),
    today: view.from === today ? null : link({ ...view, staff: manager ? view.staff : "", from: today }, "Today"),
    days,
    total: rows.length,
    cut: rows.length >= CALENDAR_LIMIT,
  };
  await renderPage(req, res, "admin/Appointments", props, { title: "Appointments" });
}
