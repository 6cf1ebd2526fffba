// THE route table: every URL the site answers, who may reach it, and its controller.
import { type RequestHandler, Router } from "express";
import { analyticsPage } from "./controllers/admin/analytics.ts";
import * as adminApplications from "./controllers/admin/applications.ts";
import { exportCsv } from "./controllers/admin/export.ts";
import * as auth from "./controllers/auth.ts";
import * as csrf from "./controllers/csrf.ts";
import * as applications from "./controllers/portal/applications.ts";
import * as checklists from "./controllers/portal/checklists.ts";
import { dashboard } from "./controllers/portal/dashboard.ts";
import * as publicPages from "./controllers/public.ts";
import { guestOnly, requireAdmin, requireUser } from "./middleware/auth.ts";

/** public: no session at all (cacheable); any: session but no guard; guest: signed-out pages; user; admin. */
export type Access = "public" | "any" | "guest" | "user" | "admin";
export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface Route {
  method: Method;
  path: string;
  access: Access;
  /** JSON API (under /api) rather than a page or form post. */
  api?: boolean;
  /** For admin pages: the toast a signed-in non-admin sees on the dashboard. */
  denied?: [title: string, description?: string];
  handler: RequestHandler;
}

const get = (path: string, access: Access, handler: RequestHandler, extra: Partial<Route> = {}): Route => ({
  method: "get",
  path,
  access,
  handler,
  ...extra,
});

const api = (method: Method, path: string, access: Access, handler: RequestHandler): Route => ({ method, path, access, handler, api: true });

const post = (path: string, access: Access, handler: RequestHandler): Route => ({ method: "post", path, access, handler });

export const routes: Route[] = [
  // Public marketing site
  get("/", "public", publicPages.home),

  // Accounts
  get("/auth", "guest", auth.authPage),
  get("/signin", "guest", auth.signInPage),
  get("/signup", "guest", auth.signUpPage),
  post("/signin", "guest", auth.signIn),
  post("/signup", "guest", auth.signUp),
  post("/signout", "any", auth.signOut),
  api("get", "/api/csrf", "any", csrf.token),
  api("get", "/api/session", "user", auth.sessionStatus),

  // Applicant portal
  get("/dashboard", "user", dashboard),
  get("/checklist/:id", "user", checklists.checklistPage),
  get("/visa-application/:id", "user", applications.wizardPage),
  get("/visa-application/:id/review", "user", applications.reviewPage),
  get("/application/:id", "user", applications.detailsPage),
  api("post", "/api/applications", "user", applications.createApi),
  api("patch", "/api/applications/:id", "user", applications.updateApi),
  api("post", "/api/applications/:id/submit", "user", applications.submitApi),
  api("post", "/api/checklists", "user", checklists.createApi),
  api("put", "/api/checklists/:id", "user", checklists.saveApi),

  // Admin panel
  get("/admin", "admin", adminApplications.listPage, { denied: ["Access Denied", "You don't have admin privileges"] }),
  get("/admin/export.csv", "admin", exportCsv),
  get("/admin/application/:id", "admin", adminApplications.reviewPage),
  get("/admin/application/:id/full", "admin", adminApplications.fullPage),
  get("/admin/analytics", "admin", analyticsPage),
  api("patch", "/api/admin/applications/:id/status", "admin", adminApplications.statusApi),
  api("post", "/api/admin/applications/:id/notes", "admin", adminApplications.notesApi),
];

export interface RouterDeps {
  /** Session, passport, CSRF: everything a non-public route needs before its guard. */
  sessionStack: RequestHandler[];
}

function guardFor(route: Route): RequestHandler[] {
  switch (route.access) {
    case "public":
    case "any":
      return [];
    case "guest":
      return [guestOnly];
    case "user":
      return [requireUser];
    case "admin":
      return [requireAdmin(...(route.denied ?? ["Admin privileges required"]))];
  }
}

export function buildRouter(deps: RouterDeps, table: Route[] = routes): Router {
  const router = Router();
  for (const route of table) {
    const stack = route.access === "public" ? [] : deps.sessionStack;
    router[route.method](route.path, ...stack, ...guardFor(route), route.handler);
  }
  return router;
}
