// GET /admin/analytics: totals, revenue, average per application and per-category counts (SPEC §9), and revenue in
// Naira by month (issue #30).
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { summarizeStats } from "../../domain/analytics.ts";
import { applicationStats } from "../../models/adminStats.ts";
import { nairaRevenueByMonth } from "../../models/payments.ts";
import { analyticsProps } from "../../presenters/analytics.ts";
import { revenueByMonth } from "../../presenters/staffPayments.ts";
import { renderPage } from "../../render/renderPage.ts";

const REVENUE_MONTHS = 12;

/** GET /admin/analytics — counts and revenue by visa type, destination, status and payment; Naira by month */
export async function analyticsPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const [rows, months] = await Promise.all([applicationStats(db), nairaRevenueByMonth(db, REVENUE_MONTHS)]);
  const { totalApplications, totalRevenue, averagePerApplication, categories } = analyticsProps(summarizeStats(rows));
  await renderPage(
    req,
    res,
    "admin/Analytics",
    { totalApplications, totalRevenue, averagePerApplication, categories, revenueByMonth: revenueByMonth(months, REVENUE_MONTHS) },
    { title: "Analytics" },
  );
}
