// renderPage(): answers a page request as full HTML (first load) or as the JSON page object (client navigation).
import type { Request, Response } from "express";
import type { PageData } from "../../views/pageData.ts";
import { isIslandPage, type PageName, type PagePropsMap } from "../../views/pages/registry.ts";
import type { Shared } from "../../views/types.ts";
import type { Config } from "../config.ts";
import { locals } from "../context.ts";
import { type HeadInfo, renderDocument } from "./document.ts";

export interface PageMeta {
  title: string;
  description?: string;
  status?: number;
  /** Tags added to <head> (OpenGraph, JSON-LD); trusted server-built HTML only. */
  extraHead?: string;
  /** Public pages carry no user data and may be cached by proxies. */
  isPublic?: boolean;
  noindex?: boolean;
}

export function wantsJson(req: Request): boolean {
  return req.accepts(["html", "json"]) === "json";
}

function sharedFor(req: Request, res: Response, config: Config, isPublic: boolean): Shared {
  if (isPublic) return { user: null, csrfToken: null, flash: null, site: config.site };
  // Public routes run without the session middleware: there is no session to read.
  const session = req.session as typeof req.session | undefined;
  const flash = session?.flash ?? null;
  if (session?.flash) delete session.flash;
  return {
    user: (res.locals.user as Shared["user"]) ?? null,
    csrfToken: (res.locals.csrfToken as string | undefined) ?? null,
    flash,
    site: config.site,
    sessionIdleMs: res.locals.user ? config.session.idleMs : undefined,
    staffNotices: res.locals.staffNotices as Shared["staffNotices"],
  };
}

/** Renders `page` with `props`, which must be that page's props (views/pages/registry.ts): checked at compile time. */
export async function renderPage<N extends PageName>(req: Request, res: Response, page: N, props: PagePropsMap[N], meta: PageMeta): Promise<void> {
  const { renderer } = locals(req.app);
  const { config } = renderer;
  const title = meta.title.includes(config.site.name) ? meta.title : `${meta.title} | ${config.site.name}`;
  // Props cross to the browser as JSON: render the server HTML from the very same JSON values (dates as strings).
  const jsonProps: PagePropsMap[N] = JSON.parse(JSON.stringify(props));
  const data: PageData<N> = {
    page,
    title,
    props: jsonProps,
    shared: sharedFor(req, res, config, Boolean(meta.isPublic)),
    version: renderer.assets.version,
  };
  res.status(meta.status ?? 200);
  res.vary("Accept");
  if (!meta.isPublic) res.set("Cache-Control", "no-store");
  if (wantsJson(req)) {
    res.json(data);
    return;
  }
  const views = await renderer.views();
  const html = await views.renderApp(req.originalUrl, data);
  const head: HeadInfo = {
    title,
    description: meta.description,
    canonical: meta.isPublic && config.publicUrl ? config.publicUrl + req.path : undefined,
    extraHead: meta.extraHead,
    noindex: meta.noindex ?? !meta.isPublic,
  };
  const devPreamble = renderer.devPreamble ? await renderer.devPreamble(req.originalUrl) : undefined;
  const assets = renderer.assets.forPage(page);
  // A marketing page's copy is sent once, in the HTML: no page object beside it.
  const pageData = isIslandPage(page) ? undefined : data;
  res.type("html").send(renderDocument({ head, html, data: pageData, assets, devPreamble }));
}
