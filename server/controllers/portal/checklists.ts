// Checklists: /checklist/{new|id} and the API that saves their items.
import type { Request, Response } from "express";
import { z } from "zod";
import { ctx } from "../../context.ts";
import { MAX_CHECKLISTS, tooManyChecklists } from "../../domain/quotas.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { createChecklist, DEFAULT_ITEMS, findChecklist, saveChecklist } from "../../models/checklists.ts";
import { renderPage } from "../../render/renderPage.ts";
import { parseInput } from "../../validation/validate.ts";

const itemsSchema = z.object({
  title: z.string().trim().max(120, "Title must be at most 120 characters").optional(),
  values: z.partialRecord(z.enum(["1", "2", "3", "4", "5"]), z.string().max(2000, "Each answer must be at most 2000 characters")),
});

/** GET /checklist/:id — a travel checklist */
export async function checklistPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const id = String(req.params.id);
  if (id === "new") {
    const items = DEFAULT_ITEMS.map((i) => ({ ...i, value: "", is_completed: false }));
    await renderPage(
      req,
      res,
      "portal/Checklist",
      { checklist: { id: null, title: "New Application", status: "in_progress", items } },
      { title: "New Checklist" },
    );
    return;
  }
  const checklist = await findChecklist(ctx(req).db, id, userId);
  if (!checklist) {
    await renderPage(req, res, "portal/Checklist", { checklist: null, loadError: "Failed to load checklist" }, { title: "Checklist", status: 404 });
    return;
  }
  await renderPage(req, res, "portal/Checklist", { checklist }, { title: "Complete Your Application" });
}

const toValues = (values: Partial<Record<string, string>>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [Number(k), v ?? ""]));

/** POST /api/checklists — creates a checklist with the default items (409 past the per-applicant limit) */
export async function createApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const body = parseInput(itemsSchema, req.body);
  const id = await createChecklist(ctx(req).db, userId, body.title || "New Application", toValues(body.values), MAX_CHECKLISTS);
  if (!id) throw new HttpError(409, tooManyChecklists);
  res.status(201).json({ checklist: await findChecklist(ctx(req).db, id, userId) });
}

/** PUT /api/checklists/:id — saves a checklist's items */
export async function saveApi(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const body = parseInput(itemsSchema, req.body);
  const { db } = ctx(req);
  if (!(await saveChecklist(db, String(req.params.id), userId, toValues(body.values)))) throw new HttpError(404, "Failed to load checklist");
  res.json({ checklist: await findChecklist(db, String(req.params.id), userId) });
}
