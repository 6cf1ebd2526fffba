// Public marketing pages: the same HTML for every visitor (no session), each with its title, description and head tags.
import type { NextFunction, Request, Response } from "express";
import { faqMeta } from "../../views/content/faq.ts";
import { homeMeta } from "../../views/content/home.ts";
import { aboutMeta, contactMeta, ourServicesMeta, packagesMeta, successMeta, travelPackages } from "../../views/content/pages.ts";
import { findServicePage, servicePages } from "../../views/content/services.ts";
import type { PageMeta } from "../../views/content/types.ts";
import type { ContactPageProps, PublicPageProps } from "../../views/pages/public/types.ts";
import { ctx } from "../context.ts";
import { renderPage } from "../render/renderPage.ts";
import { seoHead } from "../render/seo.ts";

const yearFormat = new Intl.DateTimeFormat("en-NG", { year: "numeric", timeZone: "Africa/Lagos" });

/** The current year in Lagos, for the footer's copyright line. */
export function currentYear(now = new Date()): number {
  return Number(yearFormat.format(now));
}

async function renderPublic(
  req: Request,
  res: Response,
  page: string,
  meta: PageMeta,
  props: Omit<Record<string, unknown>, "year"> = {},
  business = false,
): Promise<void> {
  const { config } = ctx(req);
  const base: PublicPageProps = { year: currentYear() };
  await renderPage(
    req,
    res,
    page,
    { ...base, ...props },
    {
      title: meta.title,
      description: meta.metaDescription,
      isPublic: true,
      extraHead: seoHead(config, { title: meta.title, description: meta.metaDescription, path: req.path, business }),
    },
  );
}

const simple =
  (page: string, meta: PageMeta, business = false) =>
  (req: Request, res: Response) =>
    renderPublic(req, res, page, meta, {}, business);

/** GET / — the home page */
export const home = simple("public/Home", homeMeta, true);
/** GET /our-services — the services overview */
export const ourServices = simple("public/OurServices", ourServicesMeta);
/** GET /about — about the consultancy */
export const about = simple("public/About", aboutMeta);
/** GET /success-stories — clients' stories */
export const successStories = simple("public/SuccessStories", successMeta);
/** GET /travel-packages — the packages and their prices */
export const travelPackagesPage = simple("public/TravelPackages", packagesMeta);
/** GET /faq — frequently asked questions */
export const faq = simple("public/Faq", faqMeta);

/** GET /contact — the contact page; ?package=<title> from a package's "Book Now" (only a known title is used) */
export async function contact(req: Request, res: Response): Promise<void> {
  const asked = req.query.package;
  const packageTitle = typeof asked === "string" ? (travelPackages.find((p) => p.title === asked)?.title ?? null) : null;
  const props: Omit<ContactPageProps, "year"> = { packageTitle };
  await renderPublic(req, res, "public/Contact", contactMeta, props, true);
}

/** GET /services/:slug — one service page; an unknown slug falls through to the 404 page */
export async function service(req: Request, res: Response, next: NextFunction): Promise<void> {
  const page = findServicePage(String(req.params.slug));
  if (!page) return next();
  await renderPublic(req, res, "public/ServicePage", { title: page.title, metaDescription: page.metaDescription }, { page });
}

/** Every public page's path, for the sitemap. */
export function publicPagePaths(): string[] {
  const pages = ["/", "/our-services", "/about", "/success-stories", "/contact", "/travel-packages", "/faq"];
  return [...pages, ...servicePages.map((p) => `/services/${p.slug}`)];
}
