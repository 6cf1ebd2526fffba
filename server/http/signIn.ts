// What signing in does to the request's session, and who the client is: shared by the sign-in, reset and two-factor
// controllers (no controller imports another).
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { describeDevice } from "../domain/device.ts";
import { rotateCsrf } from "../middleware/csrf.ts";
import { redirectAfterSave } from "../middleware/session.ts";
import { wantsJson } from "../render/renderPage.ts";

/** Signs the user in on a new session id, with a CSRF token bound to that session. */
export function logIn(req: Request, res: Response, user: Express.User): Promise<void> {
  // A family invitation opened before signing in is accepted after it: the new session keeps the link's token.
  const familyInvite = req.session.familyInvite;
  return new Promise((resolve, reject) =>
    req.login(user, (err) => {
      if (err) return reject(err);
      if (familyInvite) req.session.familyInvite = familyInvite;
      req.session.startedAt = Date.now();
      req.session.device = describeDevice(req.get("user-agent"));
      rotateCsrf(ctx(req).config.session.csrfKey, req, res);
      resolve();
    }),
  );
}

export function ipOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** The password was right: the session waits for the second factor (no user yet) and the person gives the code. */
export async function startCodeStep(req: Request, res: Response, userId: string, next: string): Promise<void> {
  req.session.pendingSignIn = { userId, at: Date.now(), next };
  if (wantsJson(req)) res.json({ redirect: "/signin/code", pending: true });
  else await redirectAfterSave(req, res, "/signin/code");
}
