// The web's side of an action: the actor from the request, and a refusal turned into the API's error answer.
import type { Request, Response } from "express";
import type { Actor, Outcome } from "../actions/action.ts";
import type { StaffActor } from "../actions/applications/lockCase.ts";
import { currentUser, requireUserId } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { ipOf } from "./signIn.ts";

/** The signed-in person making this request, with the server's request id and the client's address. */
export function signedInActor(req: Request, res: Response): Actor & { userId: string } {
  return { userId: requireUserId(res), via: "web", requestId: (req as Request & { id?: string }).id ?? null, ip: ipOf(req) };
}

/** A staff member making this request: the actor and who they are, for the case rules (actions/applications/lockCase.ts). */
export function staffActor(req: Request, res: Response): StaffActor {
  const staff = currentUser(res);
  if (!staff) throw new HttpError(401, "Not authenticated");
  return { ...signedInActor(req, res), staff };
}

/** Whoever makes this request, signed in or not (sign-in, sign-up, links from e-mails), as an actor without an account. */
export function guestActor(req: Request): Actor {
  return { userId: null, via: "web", requestId: (req as Request & { id?: string }).id ?? null, ip: ipOf(req) };
}

/** The outcome's result, or its refusal thrown as the error the API answers with (status, message, fields). */
export function orRefuse<T>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, outcome.fields);
  return outcome;
}
