// The applicant's side of an application's conversation: writing to staff.
import type { Request, Response } from "express";
import { postApplicantMessage } from "../../actions/messages/postMessage.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { enforceLimit, LIMITS } from "../../middleware/rateLimit.ts";
import { threadMessage } from "../../presenters/thread.ts";
import { messageSchema } from "../../validation/messages.ts";
import { parseInput } from "../../validation/validate.ts";

/** POST /api/applications/:id/messages {body} — a message to staff about the applicant's own application (another's answers 404: the action's rule) */
export async function messageApi(req: Request, res: Response): Promise<void> {
  const { body } = parseInput(messageSchema, req.body);
  const actor = signedInActor(req, res);
  await enforceLimit(req, LIMITS.messagesPerAccount, actor.userId);
  const input = { applicationId: String(req.params.id), body };
  const { message } = orRefuse(await postApplicantMessage(ctx(req), actor, input));
  res.status(201).json({ message: threadMessage(message, "applicant") });
}
