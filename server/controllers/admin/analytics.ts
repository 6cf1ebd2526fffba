// GET /admin/analytics: totals, revenue, average per application and per-category counts (SPEC §9), applications
// started and submitted per week, revenue per month in each currency, the acquisition funnel, and the embassies'
// decisions per destination and visa type over a chosen period.
import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import { ctx } from "../../context.ts";
import { summarizeStats } from "../../domain/analytics.ts";
import { lagosDay } from "../../domain/calendar.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import { applicationStats } from "../../models/adminStats.ts";
import { applicationsByWeek, passedOnTotals, revenueByMonth } from "../../models/analyticsTrends.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { decisionFigures } from "../../models/decisionMonths.ts";
import { funnelBySource, funnelByWeek } from "../../models/leadFunnel.ts";
import { officerWorkload } from "../../models/officerWorkload.ts";
import { analyticsProps } from "../../presenters/analytics.ts";
import { revenueCharts, weeklyApplications } from "../../presenters/analyticsCharts.ts";
import { decisionFiguresProps } from "../../presenters/decisionFigures.ts";
import { funnelProps } from "../../presenters/leadFunnel.ts";
import { officerWorkload as workloadProps } from "../../presenters/officerWorkload.ts";
import { renderPage } from "../../render/renderPage.ts";
import { parseDecisionPeriod } from "../../validation/decisionPeriod.ts";

const REVENUE_MONTHS = 12;
const FUNNEL_WEEKS = 12;
const WEEKS = 12;
const DAY = 86_400_000;

/** GET /admin/analytics — counts and revenue by visa type, destination, status and payment; weeks and months as charts */
export async function analyticsPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const now = new Date();
  const cutoffs = lateCutoffs(await deadlineLimits(db), now);
  const period = parseDecisionPeriod(req.query, lagosDay(now));
  const [rows, applicationWeeks, months, weeks, sources, officers, passedOn, decisions] = await Promise.all([
    applicationStats(db),
    applicationsByWeek(db, WEEKS, now),
    revenueByMonth(db, REVENUE_MONTHS, now),
    funnelByWeek(db, FUNNEL_WEEKS),
    funnelBySource(db, FUNNEL_WEEKS),
    officerWorkload(db, cutoffs, new Date(now.getTime() - WEEKS * 7 * DAY)),
    passedOnTotals(db),
    decisionFigures(db, period),
  ]);
  await renderPage(
    req,
    res,
    "admin/Analytics",
    {
      ...analyticsProps(summarizeStats(rows)),
      revenue: revenueCharts(months, REVENUE_MONTHS, now, config.payments.currency),
      passedOn: passedOn.map((p) => formatMinor(p.minor, p.currency)),
      weekly: weeklyApplications(applicationWeeks, WEEKS, now),
      funnel: funnelProps(weeks, sources, FUNNEL_WEEKS),
      officers: workloadProps(officers),
      decidedWeeks: WEEKS,
      decisions: decisionFiguresProps(decisions, period),
    },
    { title: "Analytics" },
  );
}
