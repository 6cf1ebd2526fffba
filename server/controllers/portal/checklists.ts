// Checklists: /checklist/{new|id} and the API that saves their items.
import type { Request, Response } from "express";
import { createChecklist } from "../../actions/checklists/createChecklist.ts";
import { startApplicationFromChecklist } from "../../actions/checklists/startApplication.ts";
import { CHECKLIST_LOAD_FAILED, updateChecklist } from "../../actions/checklists/updateChecklist.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { DEFAULT_ITEMS, findChecklist } from "../../models/checklists.ts";
import { renderPage } from "../../render/renderPage.ts";
import { itemsSchema } from "../../validation/checklist.ts";
import { parseInput } from "../../validation/validate.ts";

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
    await renderPage(req, res, "portal/Checklist", { checklist: null, loadError: CHECKLIST_LOAD_FAILED }, { title: "Checklist", status: 404 });
    return;
  }
  await renderPage(req, res, "portal/Checklist", { checklist }, { title: "Complete Your Application" });
}

/** POST /api/checklists — creates a checklist with the default items (409 past the per-applicant limit) */
export async function createApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(itemsSchema, req.body);
  const { checklist } = orRefuse(await createChecklist(ctx(req), signedInActor(req, res), body));
  res.status(201).json({ checklist });
}

/** PUT /api/checklists/:id — saves a checklist's items */
export async function saveApi(req: Request, res: Response): Promise<void> {
  const body = parseInput(itemsSchema, req.body);
  const input = { checklistId: String(req.params.id), values: body.values };
  const { checklist } = orRefuse(await updateChecklist(ctx(req), signedInActor(req, res), input));
  res.json({ checklist });
}

/** POST /api/checklists/:id/application — starts the application from a completed checklist (or answers the one started) */
export async function startApplicationApi(req: Request, res: Response): Promise<void> {
  const { applicationId, started } = orRefuse(
    await startApplicationFromChecklist(ctx(req), signedInActor(req, res), { checklistId: String(req.params.id) }),
  );
  res.status(started ? 201 : 200).json({ applicationId, started });
}
