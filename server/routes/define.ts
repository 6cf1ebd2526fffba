// What a route is: its method, path, who may reach it, its handler and how it fails; and the shorthands of the table.
import type { RequestHandler } from "express";
import type { UnavailableProps } from "../../views/pages/portal/Unavailable.tsx";
import type { FormRefusal } from "../middleware/errors.ts";
import type { CacheVary } from "../middleware/publicCache.ts";

/**
 * public: no session at all (cacheable); any: session but no guard; guest: signed-out pages; user; staff: either
 * staff role (a case's own checks then ask mayOpenCase / mayWorkCase, server/domain/staff.ts); manager: admins only.
 */
export type Access = "public" | "any" | "guest" | "user" | "staff" | "manager";
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

export interface Route {
  method: Method;
  path: string;
  access: Access;
  /** JSON API (under /api) rather than a page or form post. */
  api?: boolean;
  /** What a state-changing API call carries: JSON (the default), a multipart upload, or nothing. */
  body?: "json" | "multipart" | "none";
  /** For admin pages: the toast a signed-in non-admin sees on the dashboard. */
  denied?: [title: string, description?: string];
  /** Pages with a failure state (SPEC §8): when the database cannot answer, their frame, this toast and Retry. */
  unavailable?: UnavailableProps;
  handler: RequestHandler | RequestHandler[];
  /** A plain form post (works without JavaScript): how it shows itself again when the request is refused. */
  refused?: FormRefusal;
  /** A public page with parameters: the paths it answers, for the sitemap. */
  paths?: () => string[];
  /** A public page: what besides its path its response depends on (its public cache key). */
  cache?: CacheVary;
  /**
   * A public page answered afresh for each request, never from the public cache and not in the sitemap: it counts
   * each request against a limit, or shows what can change at any moment (a receipt's refund).
   */
  unlisted?: boolean;
}

export const get = (path: string, access: Access, handler: Route["handler"], extra: Partial<Route> = {}): Route => ({
  method: "get",
  path,
  access,
  handler,
  ...extra,
});

export const api = (method: Method, path: string, access: Access, handler: Route["handler"], body?: Route["body"]): Route => ({
  method,
  path,
  access,
  handler,
  api: true,
  body,
});

export const post = (path: string, access: Access, handler: Route["handler"], refused?: FormRefusal): Route => ({
  method: "post",
  path,
  access,
  handler,
  refused,
});
