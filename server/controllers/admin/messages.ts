// Staff's side of an application's conversation: writing to the applicant.
import type { Request, Response } from "express";
import { postStaffMessage } from "../../actions/messages/postMessage.ts";
import { ctx } from "../../context.ts";
import { orRefuse, staffActor } from "../../http/actions.ts";
import { threadMessage } from "../../presenters/thread.ts";
import { messageSchema } from "../../validation/messages.ts";
import { parseInput } from "../../validation/validate.ts";

/** POST /api/admin/applications/:id/messages {body} — a message to the applicant (e-mailed as a link) */
export async function messageApi(req: Request, res: Response): Promise<void> {
  const { body } = parseInput(messageSchema, req.body);
  const input = { applicationId: String(req.params.id), body };
  const { message } = orRefuse(await postStaffMessage(ctx(req), staffActor(req, res), input));
  res.status(201).json({ message: threadMessage(message, "staff") });
}
