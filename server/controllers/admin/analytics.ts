// GET /admin/analytics: totals, revenue, average per application and per-category counts (SPEC §9), revenue in Naira
// by month, and the acquisition funnel (leads by week and source → held → applied → paid).
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { summarizeStats } from "../../domain/analytics.ts";
import { applicationStats } from "../../models/adminStats.ts";
import { funnelBySource, funnelByWeek } from "../../models/leadFunnel.ts";
import { nairaRevenueByMonth } from "../../models/payments.ts";
import { analyticsProps } from "../../presenters/analytics.ts";
import { funnelProps } from "../../presenters/leadFunnel.ts";
import { revenueByMonth } from "../../presenters/staffPayments.ts";
import { renderPage } from "../../render/renderPage.ts";

const REVENUE_MONTHS = 12;
const FUNNEL_WEEKS = 12;

/** GET /admin/analytics — counts and revenue by visa type, destination, status and payment; Naira by month */
export async function analyticsPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const [rows, months, weeks, sources] = await Promise.all([
    applicationStats(db),
    nairaRevenueByMonth(db, REVENUE_MONTHS),
    funnelByWeek(db, FUNNEL_WEEKS),
    funnelBySource(db, FUNNEL_WEEKS),
  ]);
  const { totalApplications, totalRevenue, averagePerApplication, categories } = analyticsProps(summarizeStats(rows));
  await renderPage(
    req,
    res,
    "admin/Analytics",
    {
      totalApplications,
      totalRevenue,
      averagePerApplication,
      categories,
      revenueByMonth: revenueByMonth(months, REVENUE_MONTHS),
      funnel: funnelProps(weeks, sources, FUNNEL_WEEKS),
    },
    { title: "Analytics" },
  );
}
