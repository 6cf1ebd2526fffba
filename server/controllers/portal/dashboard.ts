// GET /dashboard: the signed-in applicant's applications (newest first) and checklists.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { listForUser } from "../../models/applications.ts";
import { listChecklists } from "../../models/checklists.ts";
import { emailConfirmed } from "../../models/users.ts";
import { renderPage } from "../../render/renderPage.ts";
import { applicationSummary } from "./presenters.ts";

export async function dashboard(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const [applications, checklists, confirmed] = await Promise.all([listForUser(db, userId), listChecklists(db, userId), emailConfirmed(db, userId)]);
  await renderPage(
    req,
    res,
    "portal/Dashboard",
    { applications: applications.map(applicationSummary), checklists, unconfirmedEmail: confirmed ? null : (res.locals.user?.email ?? null) },
    { title: "Your Visa Applications" },
  );
}
