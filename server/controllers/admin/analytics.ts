// GET /admin/analytics: totals, revenue, average per application and per-category counts (SPEC §9), applications
// started and submitted per week, revenue per month in each currency, and the acquisition funnel.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { summarizeStats } from "../../domain/analytics.ts";
import { applicationStats } from "../../models/adminStats.ts";
import { applicationsByWeek, revenueByMonth } from "../../models/analyticsTrends.ts";
import { funnelBySource, funnelByWeek } from "../../models/leadFunnel.ts";
import { analyticsProps } from "../../presenters/analytics.ts";
import { revenueCharts, weeklyApplications } from "../../presenters/analyticsCharts.ts";
import { funnelProps } from "../../presenters/leadFunnel.ts";
import { renderPage } from "../../render/renderPage.ts";

const REVENUE_MONTHS = 12;
const FUNNEL_WEEKS = 12;
const WEEKS = 12;

/** GET /admin/analytics — counts and revenue by visa type, destination, status and payment; weeks and months as charts */
export async function analyticsPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const now = new Date();
  const [rows, applicationWeeks, months, weeks, sources] = await Promise.all([
    applicationStats(db),
    applicationsByWeek(db, WEEKS, now),
    revenueByMonth(db, REVENUE_MONTHS, now),
    funnelByWeek(db, FUNNEL_WEEKS),
    funnelBySource(db, FUNNEL_WEEKS),
  ]);
  await renderPage(
    req,
    res,
    "admin/Analytics",
    {
      ...analyticsProps(summarizeStats(rows)),
      revenue: revenueCharts(months, REVENUE_MONTHS, now, config.payments.currency),
      weekly: weeklyApplications(applicationWeeks, WEEKS, now),
      funnel: funnelProps(weeks, sources, FUNNEL_WEEKS),
    },
    { title: "Analytics" },
  );
}
