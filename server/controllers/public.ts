// Public marketing pages: the same HTML for every visitor (no session), each with its title, description and head tags.
import type { NextFunction, Request, Response } from "express";
import { aboutMeta } from "../../views/content/about.ts";
import { contactMeta } from "../../views/content/contact.ts";
import { faqMeta } from "../../views/content/faq.ts";
import { homeMeta } from "../../views/content/home.ts";
import { ourServicesMeta } from "../../views/content/ourServices.ts";
import { privacyMeta } from "../../views/content/privacy.ts";
import { findServicePage, servicePages } from "../../views/content/services.ts";
import { successMeta } from "../../views/content/successStories.ts";
import { packagesMeta } from "../../views/content/travelPackages.ts";
import type { PageMeta } from "../../views/content/types.ts";
import type { ContactPageProps, PrivacyPageProps, PublicPageProps, SuccessStoriesProps } from "../../views/pages/public/types.ts";
import type { PageName, PagePropsMap } from "../../views/pages/registry.ts";
import { ctx } from "../context.ts";
import { currentYear, lagosDay } from "../domain/calendar.ts";
import { TOKEN_LIFETIME_MS } from "../models/accountTokens.ts";
import { decisionTotals } from "../models/decisionMonths.ts";
import { publicFiguresSetting } from "../models/decisionTimes.ts";
import { lastMonths, successFiguresView } from "../presenters/decisionFigures.ts";
import { renderPage } from "../render/renderPage.ts";
import { type SeoInput, seoHead } from "../render/seo.ts";
import { contactQuery } from "../validation/contact.ts";

type PublicPage = Extract<PageName, `public/${string}`>;
/** The pages whose only prop is the footer's year. */
type PlainPublicPage = {
  [N in PublicPage]: PagePropsMap[N] extends PublicPageProps ? (PublicPageProps extends PagePropsMap[N] ? N : never) : never;
}[PublicPage];

async function renderPublic<N extends PublicPage>(
  req: Request,
  res: Response,
  page: N,
  meta: PageMeta,
  props: PagePropsMap[N],
  business = false,
  service?: SeoInput["service"],
): Promise<void> {
  const { config } = ctx(req);
  await renderPage(req, res, page, props, {
    title: meta.title,
    description: meta.metaDescription,
    isPublic: true,
    extraHead: seoHead(config, { title: meta.title, description: meta.metaDescription, path: req.path, business, service }),
  });
}

const simple =
  (page: PlainPublicPage, meta: PageMeta, business = false) =>
  (req: Request, res: Response) =>
    renderPublic(req, res, page, meta, { year: currentYear() }, business);

/** GET / — the home page */
export const homePage = simple("public/Home", homeMeta, true);
/** GET /our-services — the services overview */
export const ourServicesPage = simple("public/OurServices", ourServicesMeta);
/** GET /about — about the consultancy */
export const aboutPage = simple("public/About", aboutMeta);
/**
 * GET /success-stories — clients' stories; the visas issued and the success rate from the decisions recorded over the
 * last whole months (the current one included) where a manager chose so (Settings → Usual decision times), else the written figures.
 */
export async function successStoriesPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const setting = await publicFiguresSetting(db);
  let figures: SuccessStoriesProps["figures"] = null;
  if (setting.from_decisions) {
    const period = lastMonths(lagosDay(new Date()), setting.months);
    figures = successFiguresView(await decisionTotals(db, period), period);
  }
  await renderPublic(req, res, "public/SuccessStories", successMeta, { year: currentYear(), figures });
}
/** GET /travel-packages — the packages and their prices */
export const travelPackagesPage = simple("public/TravelPackages", packagesMeta);
/** GET /faq — frequently asked questions */
export const faqPage = simple("public/Faq", faqMeta);

/** GET /privacy — the privacy notice; its retention table shows the periods this server enforces */
export async function privacyPage(req: Request, res: Response): Promise<void> {
  const { session } = ctx(req).config;
  const props: PrivacyPageProps = {
    year: currentYear(),
    periods: {
      sessionIdleMinutes: Math.round(session.idleMs / 60_000),
      sessionMaxHours: Math.round(session.maxAgeMs / 3_600_000),
      resetLinkMinutes: Math.round(TOKEN_LIFETIME_MS.password_reset / 60_000),
      confirmLinkDays: Math.round(TOKEN_LIFETIME_MS.email_confirm / 86_400_000),
      changeLinkHours: Math.round(TOKEN_LIFETIME_MS.email_change / 3_600_000),
    },
  };
  await renderPublic(req, res, "public/Privacy", privacyMeta, props);
}

/** GET /contact — the contact page; ?package=<title> from a package's "Book Now" */
export async function contactPage(req: Request, res: Response): Promise<void> {
  const asked = req.query.package;
  const packageTitle = (typeof asked === "string" && contactQuery.package(asked)) || null;
  const props: ContactPageProps = { year: currentYear(), packageTitle };
  await renderPublic(req, res, "public/Contact", contactMeta, props, true);
}

/** GET /services/:slug — one service page; an unknown slug falls through to the 404 page */
export async function servicePage(req: Request, res: Response, next: NextFunction): Promise<void> {
  const page = findServicePage(String(req.params.slug));
  if (!page) return next();
  const meta = { title: page.title, metaDescription: page.metaDescription };
  await renderPublic(req, res, "public/ServicePage", meta, { year: currentYear(), page }, false, { name: page.title, category: page.eyebrow });
}

/** The service pages' paths, for the sitemap (the route table names /services/:slug once). */
export function servicePaths(): string[] {
  return servicePages.map((p) => `/services/${p.slug}`);
}
