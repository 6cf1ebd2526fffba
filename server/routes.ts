// THE route table: every URL the site answers, who may reach it, and its controller. Each area's routes are in
// server/routes/; what a route is, in server/routes/define.ts.
import { type RequestHandler, Router } from "express";
import * as seo from "./controllers/seo.ts";
import { guestOnly, requireStaff, requireUser } from "./middleware/auth.ts";
import { HttpError, refuseWithForm } from "./middleware/errors.ts";
import { withoutOpenerPolicy } from "./middleware/openerPolicy.ts";
import { createPublicCache } from "./middleware/publicCache.ts";
import { staffNotices } from "./middleware/staffNotices.ts";
import { unavailablePage } from "./middleware/unavailable.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { adminRoutes } from "./routes/admin.ts";
import { get, type Route } from "./routes/define.ts";
import { portalRoutes } from "./routes/portal.ts";
import { publicRoutes } from "./routes/public.ts";

export type { Access, Method, Route } from "./routes/define.ts";

export const routes: Route[] = [
  ...publicRoutes,
  // The sitemap lists the table's own public pages.
  get(
    "/sitemap.xml",
    "public",
    seo.sitemapFile(() => publicPagePaths(routes)),
    { cache: { host: true } },
  ),
  ...accountRoutes,
  ...portalRoutes,
  ...adminRoutes,
];

/** Every public page's path, for the sitemap: the table's public GET routes, files (sitemap.xml, robots.txt) left out. */
export function publicPagePaths(table: Route[]): string[] {
  const pages = table.filter((r) => r.access === "public" && r.method === "get" && !r.unlisted && !/\.[a-z]+$/.test(r.path));
  return pages.flatMap((r) => (r.path.includes(":") ? (r.paths?.() ?? []) : [r.path]));
}

export interface RouterDeps {
  /** Session, passport, CSRF: everything a non-public route needs before its guard. */
  sessionStack: RequestHandler[];
  /**
   * The CSRF check, after the route's guard: a request whose session has ended gets the guard's 401 'Not
   * authenticated' (or its redirect to /auth), not a CSRF refusal of a token bound to the session that is gone.
   */
  csrfCheck: RequestHandler;
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
    case "staff":
    case "manager":
      return [requireStaff(route.access, ...(route.denied ?? ["Admin privileges required"])), staffNotices];
  }
}

/** JSON APIs answer 415 to any other body type, and multipart ones to anything but multipart. */
function bodyCheck(route: Route): RequestHandler[] {
  if (!route.api || route.method === "get" || route.method === "head" || route.method === "delete") return [];
  const kind = route.body ?? "json";
  if (kind === "none") return [];
  const type = kind === "json" ? "application/json" : "multipart/form-data";
  return [
    (req, _res, next) => {
      if (req.is(type)) return next();
      next(
        new HttpError(
          415,
          kind === "json" ? "Send the request body as JSON (Content-Type: application/json)." : "Send the file as multipart/form-data.",
        ),
      );
    },
  ];
}

export function buildRouter(deps: RouterDeps, table: Route[] = routes): Router {
  const router = Router();
  // Public pages are identical for every visitor: GETs are served from one cache per app.
  const publicCache = createPublicCache();
  for (const route of table) {
    const cached = route.method === "get" && !route.unlisted;
    const stack = route.access === "public" ? (cached ? [withoutOpenerPolicy, publicCache(route.cache)] : []) : deps.sessionStack;
    const csrf = route.access === "public" ? [] : [deps.csrfCheck];
    const failure = route.unavailable ? [unavailablePage(route.unavailable)] : route.refused ? [refuseWithForm(route.refused)] : [];
    router[route.method](route.path, ...stack, ...guardFor(route), ...csrf, ...bodyCheck(route), ...[route.handler].flat(), ...failure);
  }
  return router;
}
