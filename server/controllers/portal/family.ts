// A family applying together (/application/:id/family): the lead applicant sees everyone in the group with their
// progress, adds a member (a plain form), and submits those who are ready. Another person's application answers 404;
// a member's page leads to the lead's.
import type { Request, Response } from "express";
import type { FamilyProps } from "../../../views/pages/portal/familyTypes.ts";
import { addFamilyMember } from "../../actions/family/addMember.ts";
import { inviteMember, removeMemberAccess } from "../../actions/family/memberSignIn.ts";
import { submitGroup } from "../../actions/family/submitGroup.ts";
import { ctx } from "../../context.ts";
import { lagosToday } from "../../domain/calendar.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError, notFoundHandler } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { type ApplicationRow, findForUser } from "../../models/applications.ts";
import { listStages } from "../../models/caseStages.ts";
import { memberAccounts, membersOf } from "../../models/familyGroups.ts";
import { waitingInvitations } from "../../models/familyInvitations.ts";
import { readExpiryOf } from "../../models/passportReads.ts";
import { currentAppointment, familyPerson, familyProps, memberSignIns } from "../../presenters/family.ts";
import { renderPage } from "../../render/renderPage.ts";

const FIELDS = ["relation", "relationOther", "fullName", "dateOfBirth", "email"] as const;

async function renderFamily(req: Request, res: Response, lead: ApplicationRow, refused: FamilyProps["refused"], status = 200): Promise<void> {
  const { db } = ctx(req);
  const members = await membersOf(db, lead.id);
  const rows = [lead, ...members];
  const people = await Promise.all(
    rows.map(async (r) =>
      r.status === "draft"
        ? familyPerson(r, await readExpiryOf(db, r.id))
        : familyPerson(r, null, r.status === "approved" ? currentAppointment(await listStages(db, r.id)) : null),
    ),
  );
  const [invitations, accounts] = await Promise.all([
    waitingInvitations(
      db,
      members.map((m) => m.id),
    ),
    memberAccounts(db, members),
  ]);
  const signIns = memberSignIns(members, invitations, accounts, lagosToday());
  await renderPage(req, res, "portal/Family", familyProps(lead, people, refused, signIns), {
    title: `Family group ${lead.reference_number}`,
    status,
  });
}

/** The applicant's own application, or a 404. */
async function own(req: Request, res: Response): Promise<ApplicationRow | undefined> {
  return findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
}

/** GET /application/:id/family — the group's page (a member's id leads to the lead's) */
export async function familyPage(req: Request, res: Response): Promise<void> {
  const row = await own(req, res);
  if (!row) throw new HttpError(404, "Application not found");
  if (row.group_lead_id) {
    res.redirect(303, `/application/${row.group_lead_id}/family`);
    return;
  }
  await renderFamily(req, res, row, null);
}

/** A refused form: the page again with its message, the fields' messages and what was typed. */
export const familyRefused: FormRefusal = async (req, res, refusal) => {
  const row = await own(req, res);
  if (!row) return notFoundHandler(req, res);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const form = req.path.endsWith("/submit") ? "submit" : req.path.endsWith("/invite") || req.path.endsWith("/remove") ? "invite" : "add";
  const values = Object.fromEntries(FIELDS.map((k) => [k, typeof body[k] === "string" ? (body[k] as string).slice(0, 200) : ""]));
  const memberId = form === "invite" ? String(req.params.memberId) : undefined;
  // An invitation is the lead's: asked on a member's application, it is not found.
  if (form === "invite" && row.group_lead_id) return notFoundHandler(req, res);
  await renderFamily(req, res, row, { form, memberId, message: refusal.message, fields: refusal.fields ?? {}, values }, refusal.status);
};

/** POST /application/:id/family {relation, relationOther, fullName, dateOfBirth} — then the member's own steps */
export async function addMemberForm(req: Request, res: Response): Promise<void> {
  const { member, existed } = orRefuse(
    await addFamilyMember(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), fields: (req.body ?? {}) as Record<string, unknown> }),
  );
  const url = member.status === "draft" ? `/visa-application/${member.id}` : `/application/${member.id}`;
  await redirectWithFlash(
    req,
    res,
    url,
    existed
      ? { title: "Already in your group", description: `${member.full_name} was added before: here is their application.` }
      : {
          title: "Family member added",
          description: `Now fill in ${member.full_name}'s own details. The trip and address are already in, shared with your group.`,
        },
  );
}

/** POST /application/:id/family/submit {chosen[]} — submits those chosen who are ready, then the group's page */
export async function submitGroupForm(req: Request, res: Response): Promise<void> {
  const raw = req.body?.chosen;
  const chosen = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string").slice(0, 20);
  const { submitted, notReady, already } = orRefuse(await submitGroup(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), chosen }));
  const names = (rows: ApplicationRow[]) => rows.map((r) => r.full_name ?? r.reference_number).join(", ");
  const waiting = notReady.length
    ? ` Not submitted yet: ${notReady.map((n) => `${n.row.full_name ?? n.row.reference_number} (needs ${n.needs.join(", ")})`).join("; ")}.`
    : "";
  await redirectWithFlash(
    req,
    res,
    `/application/${req.params.id}/family`,
    submitted.length
      ? {
          title: submitted.length === 1 ? "Application submitted" : `${submitted.length} applications submitted`,
          description: `Submitted: ${names(submitted)}.${waiting}`,
        }
      : { title: "Already submitted", description: `${names(already)}: submitted already.${waiting}` },
  );
}

/** POST /application/:id/family/members/:memberId/invite {email} — an adult member's own sign-in, by e-mail */
export async function inviteMemberForm(req: Request, res: Response): Promise<void> {
  const { member, invitation } = orRefuse(
    await inviteMember(ctx(req), signedInActor(req, res), {
      leadId: String(req.params.id),
      memberId: String(req.params.memberId),
      fields: (req.body ?? {}) as Record<string, unknown>,
    }),
  );
  await redirectWithFlash(req, res, `/application/${req.params.id}/family`, {
    title: "Invitation sent",
    description: `We e-mailed ${invitation.email} a link for ${member.full_name ?? member.reference_number} to sign in and complete their part.`,
  });
}

/** POST /application/:id/family/members/:memberId/access/remove — the member's own sign-in (or its waiting invitation) taken away */
export async function removeMemberAccessForm(req: Request, res: Response): Promise<void> {
  const { member } = orRefuse(
    await removeMemberAccess(ctx(req), signedInActor(req, res), { leadId: String(req.params.id), memberId: String(req.params.memberId) }),
  );
  await redirectWithFlash(req, res, `/application/${req.params.id}/family`, {
    title: "Sign-in removed",
    description: `${member.full_name ?? member.reference_number}'s part is on your account alone again.`,
  });
}
