// GET /admin/activity: the audit trail as sentences, filtered by person, action and dates, newest first, paged by a
// cursor (the place of the first or last row shown).
import type { Request, Response } from "express";
import { activitySearch } from "../../../views/pages/admin/query.ts";
import { ctx } from "../../context.ts";
import { AUDIT_ACTIONS, listAudit } from "../../models/audit.ts";
import { activityEntry } from "../../presenters/activity.ts";
import { renderPage } from "../../render/renderPage.ts";
import { ACTIONS, encodeCursor, parseActivityQuery } from "../../validation/activity.ts";

const PAGE_SIZE = 50;

/** GET /admin/activity — who did what, when, from which address */
export async function activityPage(req: Request, res: Response): Promise<void> {
  const { place, ...query } = parseActivityQuery(req);
  const { rows, older, newer } = await listAudit(
    ctx(req).db,
    { person: query.person || undefined, action: query.action || undefined, from: query.from || undefined, to: query.to || undefined },
    place,
    PAGE_SIZE,
  );
  const link = (key: "before" | "after", row: (typeof rows)[number]) => {
    const search = activitySearch(query);
    return `/admin/activity${search}${search ? "&" : "?"}${key}=${encodeCursor({ at: row.cursor_at, id: Number(row.id) })}`;
  };
  await renderPage(
    req,
    res,
    "admin/Activity",
    {
      entries: rows.map(activityEntry),
      query,
      older: older && rows.length ? link("before", rows[rows.length - 1]) : null,
      // With nothing on this page (all newer rows were shown before), the newest page.
      newer: newer ? (rows.length ? link("after", rows[0]) : `/admin/activity${activitySearch(query)}`) : null,
      actions: ACTIONS.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
    },
    { title: "Activity" },
  );
}
