// GET /dashboard: the signed-in applicant's applications (newest first) and checklists.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { listForUser } from "../../models/applications.ts";
import { listChecklists } from "../../models/checklists.ts";
import { returnNotes } from "../../models/statusChanges.ts";
import { unreadCounts } from "../../models/thread.ts";
import { emailConfirmed } from "../../models/users.ts";
import { applicationSummary } from "../../presenters/application.ts";
import { nextStepOf } from "../../presenters/nextStep.ts";
import { renderPage } from "../../render/renderPage.ts";

/** GET /dashboard — the applicant's applications and checklists */
export async function dashboardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const [applications, checklists, confirmed] = await Promise.all([listForUser(db, userId), listChecklists(db, userId), emailConfirmed(db, userId)]);
  const now = new Date();
  const notes = await returnNotes(
    db,
    applications.filter((a) => a.status === "draft").map((a) => a.id),
  );
  const unread = await unreadCounts(
    db,
    applications.map((a) => a.id),
    "applicant",
  );
  await renderPage(
    req,
    res,
    "portal/Dashboard",
    {
      applications: applications.map((a) => ({
        ...applicationSummary(a),
        changesRequested: notes.get(a.id) ?? null,
        next: nextStepOf(a, now),
        unreadMessages: unread.get(a.id) ?? 0,
      })),
      checklists,
      unconfirmedEmail: confirmed ? null : (res.locals.user?.email ?? null),
    },
    { title: "Your Visa Applications" },
  );
}
