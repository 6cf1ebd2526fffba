// Shapes the analytics summary into the dashboard's categories (labels decided here, not in the view).
import type { AnalyticsProps, FunnelStep } from "../../views/pages/admin/types.ts";
import type { AnalyticsSummary, ApplicationFunnel, CategoryCount } from "../domain/analytics.ts";
import { STATUS_LABELS, type Status } from "../domain/visa.ts";
import { visaTypeLabel } from "./application.ts";

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function items(list: CategoryCount[], label: (key: string | null) => string) {
  return list.map((c) => ({ key: c.key ?? "", label: label(c.key), count: c.count, percent: Math.round(c.share * 100) }));
}

const STEPS: [keyof ApplicationFunnel, string][] = [
  ["started", "Started (draft)"],
  ["submitted", "Submitted"],
  ["paid", "Paid"],
  ["decided", "Decided"],
];

/** Each step with its conversion from the one before. */
export function funnelSteps(funnel: ApplicationFunnel): FunnelStep[] {
  return STEPS.map(([key, label], i) => {
    const before = i ? funnel[STEPS[i - 1][0]] : 0;
    return {
      key,
      label,
      count: funnel[key],
      percent: before ? Math.round((funnel[key] / before) * 100) : null,
      of: i ? `of ${STEPS[i - 1][1].replace(/ \(draft\)$/, "").toLowerCase()}` : null,
    };
  });
}

/** The SPEC's figures; the controller adds the Naira revenue and the funnel beside them. */
export function analyticsProps(
  summary: AnalyticsSummary,
): Omit<AnalyticsProps, "revenue" | "passedOn" | "weekly" | "funnel" | "officers" | "decidedWeeks" | "decisions"> {
  return {
    totalApplications: summary.totalApplications,
    totalRevenue: summary.totalRevenue,
    averagePerApplication: summary.averagePerApplication,
    averagePerPaidApplication: summary.averagePerPaidApplication,
    paidApplications: summary.paidApplications,
    applicationFunnel: funnelSteps(summary.funnel),
    categories: [
      { id: "visa-type", title: "By visa type", items: items(summary.byVisaType, visaTypeLabel) },
      { id: "destination", title: "By destination", items: items(summary.byDestination, (k) => k ?? "Not set yet") },
      { id: "status", title: "By status", items: items(summary.byStatus, (k) => STATUS_LABELS[k as Status] ?? k ?? "Unknown") },
      {
        id: "payment-status",
        title: "By payment status",
        items: items(summary.byPaymentStatus, (k) => (k === "paid" ? "Paid" : titleCase(k ?? "pending"))),
      },
    ],
  };
}
