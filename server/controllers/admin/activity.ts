// GET /admin/activity: the audit trail, filtered by person, action and dates, newest first, paged.
import type { Request, Response } from "express";
import { z } from "zod";
import type { ActivityQuery } from "../../../views/pages/admin/types.ts";
import { ctx } from "../../context.ts";
import { AUDIT_ACTIONS, type AuditAction, listAudit } from "../../models/audit.ts";
import { activityEntry } from "../../presenters/activity.ts";
import { renderPage } from "../../render/renderPage.ts";

const PAGE_SIZE = 50;
const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const day = z.preprocess(first, z.union([z.iso.date(), z.literal("")])).catch("");

/** The URL's filters: a value that does not parse falls back to "any", like the applications list. */
const schema = z.object({
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).catch(1),
  person: z
    .preprocess(
      first,
      z.string().transform((s) => s.trim().slice(0, 100)),
    )
    .catch(""),
  action: z.preprocess(first, z.union([z.enum(ACTIONS), z.literal("")])).catch(""),
  from: day,
  to: day,
});

/** GET /admin/activity — who did what, when, from which address */
export async function activityPage(req: Request, res: Response): Promise<void> {
  const parsed = schema.parse(req.query ?? {});
  const query: ActivityQuery = parsed;
  const { rows, more } = await listAudit(
    ctx(req).db,
    { person: query.person || undefined, action: parsed.action || undefined, from: query.from || undefined, to: query.to || undefined },
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
