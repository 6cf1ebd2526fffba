// The signed-in applicant's own application from the route's :id, for the pages that show one (review, details,
// payment): shared by the portal controllers (no controller imports another).
import type { Request, Response } from "express";
import { LOAD_FAILED } from "../actions/applications/refusals.ts";
import { ctx } from "../context.ts";
import { requireUserId } from "../middleware/auth.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { type ApplicationRow, findForPerson, findForUser } from "../models/applications.ts";

/** Review, details and payment pages: a missing or foreign application goes back to the dashboard (SPEC §8). */
export async function loadOwnOrRedirect(req: Request, res: Response): Promise<ApplicationRow | undefined> {
  const row = await findForUser(ctx(req).db, String(req.params.id), requireUserId(res));
  if (!row) {
    redirectWithFlash(req, res, "/dashboard", { title: "Error", description: LOAD_FAILED, variant: "destructive" });
  }
  return row;
}

/**
 * The application's page, its review and its steps: also an adult family member's own part, by invitation
 * (`findForPerson`); what they may do there is the page's to narrow (`viewer`).
 */
export async function loadPersonOrRedirect(req: Request, res: Response): Promise<{ row: ApplicationRow; member: boolean } | undefined> {
  const userId = requireUserId(res);
  const row = await findForPerson(ctx(req).db, String(req.params.id), userId);
  if (!row) {
    redirectWithFlash(req, res, "/dashboard", { title: "Error", description: LOAD_FAILED, variant: "destructive" });
    return undefined;
  }
  return { row, member: row.user_id !== userId };
}
