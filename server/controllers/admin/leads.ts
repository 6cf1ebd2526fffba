// Admin Leads: the pipeline by stage (and my follow-ups due today), one lead with its whole history, and staff's moves:
// the stage, the owner, the follow-up date.
import type { Request, Response } from "express";
import { LEAD_STAGE_LABELS } from "../../../views/lib/leads.ts";
import { assignLead } from "../../actions/leads/assignLead.ts";
import { LEAD_NOT_FOUND, moveLead } from "../../actions/leads/moveLead.ts";
import { setLeadFollowUp } from "../../actions/leads/setLeadFollowUp.ts";
import { ctx } from "../../context.ts";
import { lagosToday } from "../../domain/calendar.ts";
import { LEAD_STAGES } from "../../domain/leads.ts";
import { mayOpenCase } from "../../domain/staff.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { listForUser } from "../../models/applications.ts";
import { bookingsFrom } from "../../models/bookings.ts";
import { enquiriesFrom, repliesFor } from "../../models/enquiries.ts";
import { countByStage, countLeads, eventsOf, findLead, listLeads, staffMembers } from "../../models/leads.ts";
import { applicationSummary } from "../../presenters/application.ts";
import { leadBooking } from "../../presenters/consultationAdmin.ts";
import { enquiryEntry } from "../../presenters/enquiries.ts";
import { historyEntry, leadEntry } from "../../presenters/leads.ts";
import { renderPage } from "../../render/renderPage.ts";
import { leadFollowUpSchema, leadListQuery, leadOwnerSchema, leadStageSchema } from "../../validation/leads.ts";
import { parseInput } from "../../validation/validate.ts";

const PAGE_SIZE = 50;
const stages = LEAD_STAGES.map((value) => ({ value, label: LEAD_STAGE_LABELS[value] }));

/** GET /admin/leads?tab=&q=&page= — a stage's leads (or all, or my follow-ups due today), newest first */
export async function leadsPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const { tab, q, page } = leadListQuery.parse(req.query ?? {});
  const due = { ownerId: requireUserId(res), dueOn: lagosToday() };
  const stage = tab && tab !== "due" ? tab : null;
  const [{ rows, total }, counts, dueCount] = await Promise.all([
    listLeads(db, { stage, due: tab === "due" ? due : null, q }, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    countByStage(db),
    countLeads(db, { stage: null, due, q: "" }),
  ]);
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  await renderPage(
    req,
    res,
    "admin/Leads",
    {
      rows: rows.map(leadEntry),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      tabs: [
        { value: "", label: "All", count: all },
        ...stages.map((s) => ({ ...s, count: counts[s.value] ?? 0 })),
        { value: "due", label: "My follow-ups due today", count: dueCount },
      ],
      query: { tab: tab ?? "", q },
    },
    { title: "Leads" },
  );
}

/**
 * GET /admin/leads/:id — the lead, its history (events, enquiries and replies, consultations, applications) and staff's
 * controls. Its applications are the cases the viewer may open (an officer: their own and unassigned ones).
 */
export async function leadPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const row = await findLead(db, String(req.params.id));
  if (!row) {
    redirectWithFlash(req, res, "/admin/leads", { title: "Error", description: LEAD_NOT_FOUND, variant: "destructive" });
    return;
  }
  const [events, enquiries, applications, bookings, staff] = await Promise.all([
    eventsOf(db, row.id),
    enquiriesFrom(db, row.email),
    row.user_id ? listForUser(db, row.user_id) : [],
    bookingsFrom(db, row.email),
    staffMembers(db),
  ]);
  const replies = await Promise.all(enquiries.map((e) => repliesFor(db, e.id)));
  await renderPage(
    req,
    res,
    "admin/Lead",
    {
      lead: leadEntry(row),
      history: events.map(historyEntry),
      enquiries: enquiries.map((e, i) => ({
        ...enquiryEntry(e),
        replies: replies[i].map((r) => ({ id: r.id, body: r.body, author: r.author_name, createdAt: new Date(r.created_at).toISOString() })),
      })),
      applications: applications.filter((a) => mayOpenCase(currentUser(res), a)).map(applicationSummary),
      bookings: bookings.map(leadBooking),
      staff: staff.map((s) => ({ id: s.id, name: s.full_name })),
      stages,
      me: requireUserId(res),
    },
    { title: `Lead: ${row.name}` },
  );
}

/** PATCH /api/admin/leads/:id/stage {stage, reason?}: any stage by hand; closed needs a reason. */
export async function stageApi(req: Request, res: Response): Promise<void> {
  const { stage, reason } = parseInput(leadStageSchema, req.body);
  const { lead } = orRefuse(await moveLead(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), stage, reason }));
  res.json({ stage: lead.stage });
}

/** PATCH /api/admin/leads/:id/owner {ownerId}: a staff member, or null for nobody. */
export async function ownerApi(req: Request, res: Response): Promise<void> {
  const { ownerId } = parseInput(leadOwnerSchema, req.body);
  const { lead } = orRefuse(await assignLead(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), ownerId }));
  res.json({ ownerId: lead.owner_id });
}

/** PATCH /api/admin/leads/:id/follow-up {followUpOn}: a date (yyyy-mm-dd), or null to clear it. */
export async function followUpApi(req: Request, res: Response): Promise<void> {
  const { followUpOn } = parseInput(leadFollowUpSchema, req.body);
  const { lead } = orRefuse(await setLeadFollowUp(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), followUpOn }));
  res.json({ followUpOn: lead.follow_up_on });
}
