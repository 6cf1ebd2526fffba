// The pages that hydrate whole in the browser (errors, sign-in, portal, admin): the client application's own list, so
// its entry carries no loader for a marketing page, which is static HTML with islands (views/islands.ts) and, when a
// followed link reaches one, loads in full (client/app.tsx). views/pages/registry.ts adds those for the server.
import type { ComponentType } from "react";
import ErrorPage from "./errors/ErrorPage.tsx";

/** A page module: its default export is the screen, typed by its own props. */
// biome-ignore lint/suspicious/noExplicitAny: the constraint every screen's props satisfy; each keeps its own type.
export type PageModule = { default: ComponentType<any> };

/** The error screen is part of the application itself, so a failure can always be shown. */
const bundled =
  <M extends PageModule["default"]>(Page: M) =>
  async () => ({ default: Page });

/**
 * Every page is a chunk of its own (a visitor downloads the page in front of them); the parts several signed-in pages
 * share are grouped by the areas that use them (client/bundling.ts).
 */
export const appPages = {
  // In the site's frame (header, menus, footer): a chunk of its own, so the signed-in pages' entry does not carry it.
  "errors/NotFound": () => import("./errors/NotFound.tsx"),
  "errors/ErrorPage": bundled(ErrorPage),
  "auth/Auth": () => import("./auth/Auth.tsx"),
  "auth/SignIn": () => import("./auth/SignIn.tsx"),
  "auth/SignUp": () => import("./auth/SignUp.tsx"),
  "auth/ForgotPassword": () => import("./auth/ForgotPassword.tsx"),
  "auth/ResetPassword": () => import("./auth/ResetPassword.tsx"),
  "auth/StaffInvitation": () => import("./auth/StaffInvitation.tsx"),
  "auth/FamilyInvitation": () => import("./auth/FamilyInvitation.tsx"),
  "auth/TwoFactorCode": () => import("./auth/TwoFactorCode.tsx"),
  "portal/Dashboard": () => import("./portal/Dashboard.tsx"),
  "portal/Checklist": () => import("./portal/Checklist.tsx"),
  "portal/Wizard": () => import("./portal/Wizard.tsx"),
  "portal/Review": () => import("./portal/Review.tsx"),
  "portal/Details": () => import("./portal/Details.tsx"),
  "portal/Payment": () => import("./portal/Payment.tsx"),
  "portal/Receipt": () => import("./portal/Receipt.tsx"),
  "portal/SignSheet": () => import("./portal/SignSheet.tsx"),
  "portal/Agreement": () => import("./portal/Agreement.tsx"),
  "portal/Family": () => import("./portal/Family.tsx"),
  "portal/Submitted": () => import("./portal/Submitted.tsx"),
  "portal/Unavailable": () => import("./portal/Unavailable.tsx"),
  "portal/TwoFactor": () => import("./portal/TwoFactor.tsx"),
  "portal/Account": () => import("./portal/Account.tsx"),
  "admin/Applications": () => import("./admin/Applications.tsx"),
  "admin/ApplicationReview": () => import("./admin/ApplicationReview.tsx"),
  "admin/FullApplication": () => import("./admin/FullApplication.tsx"),
  "admin/FormSheet": () => import("./admin/FormSheet.tsx"),
  "admin/Analytics": () => import("./admin/Analytics.tsx"),
  "admin/Activity": () => import("./admin/Activity.tsx"),
  "admin/Enquiries": () => import("./admin/Enquiries.tsx"),
  "admin/Enquiry": () => import("./admin/Enquiry.tsx"),
  "admin/Leads": () => import("./admin/Leads.tsx"),
  "admin/Lead": () => import("./admin/Lead.tsx"),
  "admin/Outbox": () => import("./admin/Outbox.tsx"),
  "admin/WhatsAppInbox": () => import("./admin/WhatsAppInbox.tsx"),
  "admin/Payments": () => import("./admin/Payments.tsx"),
  "admin/Payment": () => import("./admin/Payment.tsx"),
  "admin/RecordRefund": () => import("./admin/RecordRefund.tsx"),
  "admin/PaymentSettings": () => import("./admin/PaymentSettings.tsx"),
  "admin/CentreSettings": () => import("./admin/CentreSettings.tsx"),
  "admin/Staff": () => import("./admin/Staff.tsx"),
  "admin/Agenda": () => import("./admin/Agenda.tsx"),
  "admin/Appointments": () => import("./admin/Appointments.tsx"),
  "admin/Expiring": () => import("./admin/Expiring.tsx"),
  "admin/LateAtEmbassy": () => import("./admin/LateAtEmbassy.tsx"),
  "admin/DecisionTimeSettings": () => import("./admin/DecisionTimeSettings.tsx"),
  "admin/ConsultationSettings": () => import("./admin/ConsultationSettings.tsx"),
} satisfies Record<string, () => Promise<PageModule>>;

/** Marketing pages are static HTML with islands (views/islands.ts); every other page hydrates whole (client/app.tsx). */
export function isIslandPage(page: string): boolean {
  return page.startsWith("public/");
}

export type AppPageName = keyof typeof appPages;

export function isAppPage(name: string): name is AppPageName {
  return Object.hasOwn(appPages, name);
}
