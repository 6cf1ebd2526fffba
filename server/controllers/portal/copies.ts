// "Start a new application from this one": a rejected application's answers and files, as a new draft.
import type { Request, Response } from "express";
import { copyApplication } from "../../actions/applications/copyApplication.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";

/** POST /api/applications/:id/copy — a new draft from a rejected application, with its own copies of the files */
export async function copyApi(req: Request, res: Response): Promise<void> {
  const { row } = orRefuse(await copyApplication(ctx(req), signedInActor(req, res), { applicationId: String(req.params.id) }));
  res.status(201).json({ application: { id: row.id, reference: row.reference_number }, redirect: `/visa-application/${row.id}` });
}
