// The manager's Staff page: everyone with a staff role, invitations, role changes, deactivation, stopping a calendar
// feed, the round-robin, the deadlines per status and leavers' consultations waiting to be reassigned.
import type { Request, Response } from "express";
import type { StaffProps } from "../../../views/pages/admin/Staff.tsx";
import { reassignConsultation } from "../../actions/consultations/handOver.ts";
import { changeRole } from "../../actions/staff/changeRole.ts";
import { deactivateStaff } from "../../actions/staff/deactivateStaff.ts";
import { inviteStaff } from "../../actions/staff/inviteStaff.ts";
import { setDeadlines } from "../../actions/staff/setDeadlines.ts";
import { setRoundRobin } from "../../actions/staff/setRoundRobin.ts";
import { stopCalendarFeed } from "../../actions/staff/stopCalendarFeed.ts";
import { ctx } from "../../context.ts";
import { ROLE_LABELS, STAFF_ROLES } from "../../domain/staff.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { assignmentSettings, deadlineLimits } from "../../models/assignments.ts";
import { bookingsToReassign } from "../../models/bookings.ts";
import { staffCalendars } from "../../models/consultations.ts";
import { listStaff } from "../../models/users.ts";
import { toReassignEntry } from "../../presenters/consultationAdmin.ts";
import { renderPage } from "../../render/renderPage.ts";
import { deadlinesSchema, inviteSchema, reassignSchema, roleSchema, roundRobinSchema } from "../../validation/staff.ts";
import { parseInput } from "../../validation/validate.ts";

/** GET /admin/staff */
export async function staffPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const now = new Date();
  const [staff, settings, deadlines, waiting, calendars] = await Promise.all([
    listStaff(db),
    assignmentSettings(db),
    deadlineLimits(db),
    bookingsToReassign(db, now),
    staffCalendars(db, now),
  ]);
  const me = signedInActor(req, res).userId;
  const names = new Map(staff.map((s) => [s.id, s.full_name]));
  const props: StaffProps = {
    staff: staff.map((s) => ({
      id: s.id,
      name: s.full_name,
      email: s.email,
      role: s.role,
      roleLabel: ROLE_LABELS[s.role],
      state: s.deactivated_at ? "Deactivated" : s.invited ? "Invited" : s.two_factor ? "Active" : "Setting up two-factor",
      deactivated: Boolean(s.deactivated_at),
      openCases: s.open_cases,
      hasFeed: s.has_feed,
      me: s.id === me,
    })),
    consultationsToReassign: waiting.map((b) => toReassignEntry(b, calendars, names)),
    roles: STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
    roundRobin: settings.round_robin,
    deadlines,
  };
  await renderPage(req, res, "admin/Staff", props, { title: "Staff" });
}

/** POST /api/admin/staff/invitations {fullName, email, role} — the account and the invitation e-mail */
export async function inviteApi(req: Request, res: Response): Promise<void> {
  const input = parseInput(inviteSchema, req.body, "Please check the form.");
  const { userId } = orRefuse(await inviteStaff(ctx(req), signedInActor(req, res), input));
  res.status(201).json({ userId });
}

/** PATCH /api/admin/staff/:id/role {role} */
export async function roleApi(req: Request, res: Response): Promise<void> {
  const { role } = parseInput(roleSchema, req.body);
  const { changed } = orRefuse(await changeRole(ctx(req), signedInActor(req, res), { userId: String(req.params.id), role }));
  res.json({ changed });
}

/**
 * POST /api/admin/staff/:id/deactivate — ends their sessions and feed, keeps their history, releases their open cases,
 * hands their coming consultations to free colleagues
 */
export async function deactivateApi(req: Request, res: Response): Promise<void> {
  const { released, handedOver, toReassign } = orRefuse(await deactivateStaff(ctx(req), signedInActor(req, res), { userId: String(req.params.id) }));
  res.json({ released, handedOver, toReassign });
}

/** POST /api/admin/staff/:id/feed/stop — their calendar feed's address answers 404 from now on */
export async function stopFeedApi(req: Request, res: Response): Promise<void> {
  const { stopped } = orRefuse(await stopCalendarFeed(ctx(req), signedInActor(req, res), { userId: String(req.params.id) }));
  res.json({ stopped });
}

/** POST /api/admin/bookings/:id/staff {staffId} — a leaver's waiting consultation to someone free at that time */
export async function reassignApi(req: Request, res: Response): Promise<void> {
  const { staffId } = parseInput(reassignSchema, req.body);
  orRefuse(await reassignConsultation(ctx(req), signedInActor(req, res), { bookingId: String(req.params.id), staffId }));
  res.json({ staffId });
}

/** POST /api/admin/settings/deadlines {submitted, under_review} — each status's limit in working days */
export async function deadlinesApi(req: Request, res: Response): Promise<void> {
  const limits = parseInput(deadlinesSchema, req.body, "Please check the form.");
  orRefuse(await setDeadlines(ctx(req), signedInActor(req, res), limits));
  res.json({ deadlines: limits });
}

/** PUT /api/admin/settings/assignment {on} — round-robin assignment of new submissions */
export async function roundRobinApi(req: Request, res: Response): Promise<void> {
  const { on } = parseInput(roundRobinSchema, req.body);
  orRefuse(await setRoundRobin(ctx(req), signedInActor(req, res), { on }));
  res.json({ roundRobin: on });
}
