// Loads the signed-in user from the session into res.locals.user, and the guards the route table applies.
import type { NextFunction, Request, Response } from "express";
import type { SessionUser } from "../../views/types.ts";
import { actsAsManager, actsAsStaff } from "../domain/staff.ts";
import { HttpError, isApiRequest } from "./errors.ts";
import { redirectWithFlash } from "./session.ts";

/** The toast of a staff member sent to turn two-factor on (at sign-in, or on the way to the admin panel). */
export const STAFF_ENROL = {
  title: "Two-factor sign-in required",
  description: "Staff accounts must use two-factor sign-in. Turn it on to open the admin panel.",
};

export function currentUser(res: Response): SessionUser | undefined {
  return res.locals.user as SessionUser | undefined;
}

export function requireUserId(res: Response): string {
  const user = currentUser(res);
  if (!user) throw new HttpError(401, "Not authenticated");
  return user.id;
}

/** After passport.session(): exposes the signed-in user to controllers and pages. */
export function exposeUser(req: Request, res: Response, next: NextFunction): void {
  if (req.user) res.locals.user = req.user;
  next();
}

const hasControlChar = (v: string) => [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Relative same-site paths only: anything else (//host, scheme:, backslashes) falls back. */
export function safeReturnPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length > 512) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || hasControlChar(value)) return fallback;
  return value;
}

export function requireUser(req: Request, res: Response, next: NextFunction): void {
  if (currentUser(res)) {
    next();
    return;
  }
  if (isApiRequest(req)) {
    next(new HttpError(401, "Not authenticated"));
    return;
  }
  const back = req.method === "GET" ? req.originalUrl : undefined;
  res.redirect(303, back ? `/auth?next=${encodeURIComponent(back)}` : "/auth");
}

/** The admin panel's toast and API message for a case officer on a managers-only route. */
export const MANAGERS_ONLY = "Only a manager can open this page.";

/**
 * Admin pages and APIs, for `need` staff (either role) or a manager: a signed-in non-staff is sent to /dashboard with
 * the SPEC §6 message; staff without two-factor to turn it on; a case officer on a managers-only page back to the
 * list with the panel's denial; APIs answer 403.
 */
export function requireStaff(need: "staff" | "manager", deniedTitle: string, deniedDescription?: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const user = currentUser(res);
    if (!user) {
      requireUser(req, res, next);
      return;
    }
    if (need === "staff" ? actsAsStaff(user) : actsAsManager(user)) {
      next();
      return;
    }
    if (actsAsStaff(user)) {
      if (isApiRequest(req)) next(new HttpError(403, MANAGERS_ONLY));
      else redirectWithFlash(req, res, "/admin", { title: "Access Denied", description: MANAGERS_ONLY, variant: "destructive" });
      return;
    }
    if (user.isAdmin) {
      // Staff reach nothing under /admin until two-factor sign-in is on.
      if (isApiRequest(req)) next(new HttpError(403, "Turn on two-factor sign-in to use the admin panel."));
      else redirectWithFlash(req, res, "/account/two-factor", { ...STAFF_ENROL, variant: "destructive" });
      return;
    }
    if (isApiRequest(req)) {
      next(new HttpError(403, "Admin privileges required"));
      return;
    }
    redirectWithFlash(req, res, "/dashboard", { title: deniedTitle, description: deniedDescription, variant: "destructive" });
  };
}

/** Pages for visitors who are not signed in (/auth, /signin, /signup): a signed-in user goes to the dashboard. */
export function guestOnly(req: Request, res: Response, next: NextFunction): void {
  if (currentUser(res) && req.method === "GET") res.redirect(303, "/dashboard");
  else next();
}
