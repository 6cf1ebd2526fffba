// GET /admin/analytics: totals, revenue, average per application and per-category counts (SPEC §9).
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { summarizeStats } from "../../domain/analytics.ts";
import { applicationStats } from "../../models/adminStats.ts";
import { analyticsProps } from "../../presenters/analytics.ts";
import { renderPage } from "../../render/renderPage.ts";

/** GET /admin/analytics — counts and revenue by visa type, destination, status and payment */
export async function analyticsPage(req: Request, res: Response): Promise<void> {
  const rows = await applicationStats(ctx(req).db);
  const { totalApplications, totalRevenue, averagePerApplication, categories } = analyticsProps(summarizeStats(rows));
  await renderPage(req, res, "admin/Analytics", { totalApplications, totalRevenue, averagePerApplication, categories }, { title: "Analytics" });
}
