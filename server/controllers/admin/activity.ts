// GET /admin/activity: the audit trail, filtered by person, action and dates, newest first, paged.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { AUDIT_ACTIONS, listAudit } from "../../models/audit.ts";
import { activityEntry } from "../../presenters/activity.ts";
import { renderPage } from "../../render/renderPage.ts";
import { ACTIONS, parseActivityQuery } from "../../validation/activity.ts";

const PAGE_SIZE = 50;

/** GET /admin/activity — who did what, when, from which address */
export async function activityPage(req: Request, res: Response): Promise<void> {
  const query = parseActivityQuery(req);
  const { rows, more } = await listAudit(
    ctx(req).db,
    { person: query.person || undefined, action: query.action || undefined, from: query.from || undefined, to: query.to || undefined },
    query.page,
    PAGE_SIZE,
  );
  await renderPage(
    req,
    res,
    "admin/Activity",
    {
      entries: rows.map(activityEntry),
      query,
      more,
      actions: ACTIONS.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
    },
    { title: "Activity" },
  );
}
