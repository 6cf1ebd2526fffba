// THE route table: every URL the site answers, who may reach it, and its controller.
import { type RequestHandler, Router } from "express";
import type { UnavailableProps } from "../views/pages/portal/Unavailable.tsx";
import * as account from "./controllers/account.ts";
import { activityPage } from "./controllers/admin/activity.ts";
import * as adminAgenda from "./controllers/admin/agenda.ts";
import { analyticsPage } from "./controllers/admin/analytics.ts";
import * as adminApplications from "./controllers/admin/applications.ts";
import * as adminConsultations from "./controllers/admin/consultations.ts";
import * as documentRequests from "./controllers/admin/documentRequests.ts";
import * as adminEnquiries from "./controllers/admin/enquiries.ts";
import { exportFile } from "./controllers/admin/export.ts";
import * as adminLeads from "./controllers/admin/leads.ts";
import * as adminMessages from "./controllers/admin/messages.ts";
import * as outbox from "./controllers/admin/outbox.ts";
import * as adminPayments from "./controllers/admin/payments.ts";
import * as refunds from "./controllers/admin/refunds.ts";
import * as paymentSettings from "./controllers/admin/settings.ts";
import * as staff from "./controllers/admin/staff.ts";
import * as auth from "./controllers/auth.ts";
import * as booking from "./controllers/booking.ts";
import * as bookingLinks from "./controllers/bookingLinks.ts";
import { calendarFeedFile } from "./controllers/calendarFeed.ts";
import { contactForm, contactFormRefused } from "./controllers/contact.ts";
import * as csrf from "./controllers/csrf.ts";
import * as emailChange from "./controllers/emailChange.ts";
import * as emailConfirmation from "./controllers/emailConfirmation.ts";
import * as myData from "./controllers/myData.ts";
import * as passwordReset from "./controllers/passwordReset.ts";
import * as applications from "./controllers/portal/applications.ts";
import * as checklists from "./controllers/portal/checklists.ts";
import * as copies from "./controllers/portal/copies.ts";
import { dashboardPage } from "./controllers/portal/dashboard.ts";
import * as documents from "./controllers/portal/documents.ts";
import * as messages from "./controllers/portal/messages.ts";
import * as payments from "./controllers/portal/payments.ts";
import * as paystack from "./controllers/portal/paystack.ts";
import * as uploads from "./controllers/portal/uploads.ts";
import * as publicPages from "./controllers/public.ts";
import * as receipts from "./controllers/receipts.ts";
import * as seo from "./controllers/seo.ts";
import * as staffInvitation from "./controllers/staffInvitation.ts";
import * as twoFactor from "./controllers/twoFactor.ts";
import { guestOnly, requireStaff, requireUser } from "./middleware/auth.ts";
import { type FormRefusal, HttpError, refuseWithForm } from "./middleware/errors.ts";
import { withoutOpenerPolicy } from "./middleware/openerPolicy.ts";
import { type CacheVary, createPublicCache } from "./middleware/publicCache.ts";
import { staffNotices } from "./middleware/staffNotices.ts";
import { unavailablePage } from "./middleware/unavailable.ts";
import { contactQuery } from "./validation/contact.ts";

/**
 * public: no session at all (cacheable); any: session but no guard; guest: signed-out pages; user; staff: either
 * staff role (a case's own checks then ask mayOpenCase / mayWorkCase, server/domain/staff.ts); manager: admins only.
 */
export type Access = "public" | "any" | "guest" | "user" | "staff" | "manager";
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

export interface Route {
  method: Method;
  path: string;
  access: Access;
  /** JSON API (under /api) rather than a page or form post. */
  api?: boolean;
  /** What a state-changing API call carries: JSON (the default), a multipart upload, or nothing. */
  body?: "json" | "multipart" | "none";
  /** For admin pages: the toast a signed-in non-admin sees on the dashboard. */
  denied?: [title: string, description?: string];
  /** Pages with a failure state (SPEC §8): when the database cannot answer, their frame, this toast and Retry. */
  unavailable?: UnavailableProps;
  handler: RequestHandler | RequestHandler[];
  /** A plain form post (works without JavaScript): how it shows itself again when the request is refused. */
  refused?: FormRefusal;
  /** A public page with parameters: the paths it answers, for the sitemap. */
  paths?: () => string[];
  /** A public page: what besides its path its response depends on (its public cache key). */
  cache?: CacheVary;
  /**
   * A public page answered afresh for each request, never from the public cache and not in the sitemap: it counts
   * each request against a limit, or shows what can change at any moment (a receipt's refund).
   */
  unlisted?: boolean;
}

const get = (path: string, access: Access, handler: Route["handler"], extra: Partial<Route> = {}): Route => ({
  method: "get",
  path,
  access,
  handler,
  ...extra,
});

const api = (method: Method, path: string, access: Access, handler: Route["handler"], body?: Route["body"]): Route => ({
  method,
  path,
  access,
  handler,
  api: true,
  body,
});

const post = (path: string, access: Access, handler: Route["handler"], refused?: FormRefusal): Route => ({
  method: "post",
  path,
  access,
  handler,
  refused,
});

export const routes: Route[] = [
  // Marketing site (SPEC §2.1): no session, cached (server/middleware/publicCache.ts).
  get("/", "public", publicPages.homePage),
  get("/our-services", "public", publicPages.ourServicesPage),
  get("/about", "public", publicPages.aboutPage),
  get("/success-stories", "public", publicPages.successStoriesPage),
  get("/contact", "public", publicPages.contactPage, { cache: { query: contactQuery } }),
  // Public (no session): the cached page has no CSRF token; the handler checks the origin, a honeypot and a limit.
  post("/contact", "public", contactForm, contactFormRefused),
  get("/travel-packages", "public", publicPages.travelPackagesPage),
  get("/faq", "public", publicPages.faqPage),
  get("/privacy", "public", publicPages.privacyPage),
  get("/services/:slug", "public", publicPages.servicePage, { paths: publicPages.servicePaths }),
  get(
    "/sitemap.xml",
    "public",
    seo.sitemapFile(() => publicPagePaths(routes)),
    { cache: { host: true } },
  ),
  get("/robots.txt", "public", seo.robotsFile, { cache: { host: true } }),
  get("/site.webmanifest", "public", seo.webManifestFile),
  // Anyone checks a receipt (issue #30): no session, rate-limited per network, not cached, not indexed.
  get("/receipts", "public", receipts.receiptFormPage, { unlisted: true }),
  get("/receipts/:code", "public", receipts.receiptCheckPage, { unlisted: true }),
  // Booking a consultation (no account needed): per visitor (its form carries a CSRF token and a signed-in
  // applicant's details), never cached; a booking's own links from its e-mails.
  get("/book", "any", booking.bookPage),
  post("/book", "any", booking.bookForm, booking.bookFormRefused),
  get("/book/reschedule/:token", "any", bookingLinks.reschedulePage),
  post("/book/reschedule/:token", "any", bookingLinks.rescheduleForm, bookingLinks.rescheduleRefused),
  get("/book/cancel/:token", "any", bookingLinks.cancelPage),
  post("/book/cancel/:token", "any", bookingLinks.cancelForm, bookingLinks.cancelRefused),
  // A staff member's calendar feed: its secret is the only key (calendar apps carry no session).
  get("/calendar/:token.ics", "public", calendarFeedFile, { unlisted: true }),

  // Accounts
  get("/auth", "guest", auth.authPage),
  get("/signin", "guest", auth.signInPage),
  get("/signup", "guest", auth.signUpPage),
  post("/signin", "guest", auth.signInForm, auth.authFormRefused),
  get("/signin/code", "guest", twoFactor.codePage),
  post("/signin/code", "guest", twoFactor.codeForm, twoFactor.codeFormRefused),
  post("/signup", "guest", auth.signUpForm, auth.authFormRefused),
  post("/signout", "any", auth.signOutForm),
  get("/forgot-password", "guest", passwordReset.forgotPasswordPage),
  post("/forgot-password", "any", passwordReset.forgotPasswordForm, passwordReset.forgotPasswordRefused),
  get("/reset-password", "any", passwordReset.resetPasswordPage),
  post("/reset-password", "any", passwordReset.resetPasswordForm, passwordReset.resetPasswordRefused),
  get("/confirm-email", "any", emailConfirmation.confirmPage),
  get("/staff/invitation", "any", staffInvitation.invitationPage),
  post("/staff/invitation", "any", staffInvitation.invitationForm, staffInvitation.invitationRefused),
  api("post", "/api/account/confirmation", "user", emailConfirmation.resendApi, "none"),
  api("post", "/api/account/email", "user", emailChange.requestChangeApi),
  get("/confirm-email-change", "any", emailChange.confirmChangePage),
  get("/account", "user", account.accountPage),
  api("post", "/api/account/profile", "user", account.profileApi),
  api("post", "/api/account/password", "user", account.passwordApi),
  api("post", "/api/account/sessions/others", "user", account.signOutOthersApi, "none"),
  post("/account/data/download", "user", myData.downloadDataForm),
  api("post", "/api/account/delete", "user", myData.deleteAccountApi),
  get("/account/two-factor", "user", twoFactor.twoFactorPage),
  api("post", "/api/account/two-factor", "user", twoFactor.enableApi),
  api("post", "/api/account/two-factor/disable", "user", twoFactor.disableApi),
  api("post", "/api/account/two-factor/recovery-codes", "user", twoFactor.renewCodesApi),
  api("get", "/api/csrf", "any", csrf.tokenFile),
  api("get", "/api/session", "user", auth.sessionApi),

  // Applicant portal
  get("/dashboard", "user", dashboardPage, {
    unavailable: { heading: "Your Visa Applications", toast: { title: "Error", description: "Failed to load applications" }, area: "portal" },
  }),
  get("/checklist/:id", "user", checklists.checklistPage, {
    unavailable: { heading: "Checklist", toast: { title: "Failed to load checklist" }, area: "portal" },
  }),
  get("/visa-application/:id", "user", applications.wizardPage),
  get("/visa-application/:id/review", "user", applications.reviewPage),
  get("/application/:id", "user", applications.detailsPage),
  get("/application/:id/receipt", "user", payments.receiptPage),
  get("/application/:id/submitted", "user", applications.submittedPage),
  get("/payment/:id", "user", payments.paymentPage),
  post("/payment/:id/paystack", "user", paystack.startPaystackForm),
  get("/payment/:id/return", "user", paystack.paystackReturnPage),
  api("post", "/api/applications/:id/payment", "user", payments.payApi),
  // Bank transfer (plain forms; the proof is a multipart form with its token in the URL) and the proof's download.
  post("/payment/:id/bank-transfer", "user", payments.startBankTransferForm, payments.bankTransferRefused),
  post("/payment/:id/bank-transfer/proof", "user", payments.transferProofForm, payments.bankTransferRefused),
  get("/files/payments/:paymentId/proof", "user", payments.transferProofFile),
  api("post", "/api/applications", "user", applications.createApi),
  api("patch", "/api/applications/:id", "user", applications.updateApi),
  api("post", "/api/applications/:id/submit", "user", applications.submitApi, "none"),
  api("post", "/api/applications/:id/copy", "user", copies.copyApi, "none"),
  api("post", "/api/applications/:id/messages", "user", messages.messageApi),
  api("post", "/api/applications/:id/documents", "user", documents.uploadDocumentApi, "multipart"),
  api("post", "/api/applications/:id/passport/:kind", "user", documents.uploadPassportApi, "multipart"),
  api("delete", "/api/documents/:docId", "user", documents.deleteDocumentApi),
  // Resumable uploads (tus): the same files, checks and actions as the two uploads above, over as many requests as the
  // connection needs; the upload's metadata names the draft and the file.
  api("post", uploads.UPLOADS_PATH, "user", uploads.createUploadApi, "none"),
  api("head", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.uploadOffsetApi),
  api("patch", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.uploadPartApi, "none"),
  api("delete", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.cancelUploadApi),
  get("/files/documents/:docId", "user", documents.documentFile),
  get("/files/applications/:id/:kind", "user", documents.passportFile),
  api("post", "/api/checklists", "user", checklists.createApi),
  api("put", "/api/checklists/:id", "user", checklists.saveApi),

  // Admin panel
  get("/admin", "staff", adminApplications.listPage, {
    denied: ["Access Denied", "You don't have admin privileges"],
    unavailable: { heading: "All Applications", toast: { title: "Failed to load applications" }, area: "admin" },
  }),
  get("/admin/export.csv", "manager", exportFile),
  get("/admin/application/:id", "staff", adminApplications.reviewPage),
  get("/admin/application/:id/full", "staff", adminApplications.fullPage),
  get("/admin/analytics", "manager", analyticsPage, {
    unavailable: { heading: "Analytics", toast: { title: "Failed to load analytics" }, area: "admin" },
  }),
  get("/admin/activity", "manager", activityPage, {
    unavailable: { heading: "Activity", toast: { title: "Failed to load activity" }, area: "admin" },
  }),
  api("patch", "/api/admin/applications/:id/status", "staff", adminApplications.statusApi),
  api("post", "/api/admin/applications/:id/status/undo", "staff", adminApplications.undoStatusApi),
  api("post", "/api/admin/applications/:id/notes", "staff", adminApplications.notesApi),
  api("post", "/api/admin/applications/:id/assignee", "staff", adminApplications.assigneeApi),
  api("post", "/api/admin/applications/:id/messages", "staff", adminMessages.messageApi),
  api("post", "/api/admin/applications/:id/document-requests", "staff", documentRequests.requestDocumentsApi),
  api("post", "/api/admin/documents/:docId/review", "staff", documentRequests.reviewDocumentApi),
  get("/admin/leads", "staff", adminLeads.leadsPage),
  get("/admin/leads/:id", "staff", adminLeads.leadPage),
  api("patch", "/api/admin/leads/:id/stage", "staff", adminLeads.stageApi),
  api("patch", "/api/admin/leads/:id/owner", "staff", adminLeads.ownerApi),
  api("patch", "/api/admin/leads/:id/follow-up", "staff", adminLeads.followUpApi),
  get("/admin/enquiries", "staff", adminEnquiries.enquiriesPage),
  get("/admin/enquiries/:id", "staff", adminEnquiries.enquiryPage),
  api("post", "/api/admin/enquiries/:id/replies", "staff", adminEnquiries.replyApi),
  api("patch", "/api/admin/enquiries/:id/status", "staff", adminEnquiries.statusApi),
  get("/admin/outbox", "manager", outbox.outboxPage),
  // Payments: the list (and CSV), one payment, a bank transfer's Confirm and Reject (plain forms).
  get("/admin/payments", "manager", adminPayments.paymentsPage),
  get("/admin/payments.csv", "manager", adminPayments.paymentsCsvFile),
  get("/admin/payments/:id", "manager", adminPayments.paymentPage),
  post("/admin/payments/:id/confirm", "manager", adminPayments.confirmTransferForm, adminPayments.paymentDecisionRefused),
  post("/admin/payments/:id/reject", "manager", adminPayments.rejectTransferForm, adminPayments.paymentDecisionRefused),
  api("post", "/api/admin/messages/:id/retry", "manager", outbox.retryApi, "none"),
  // Money (issue #30): refunds and the exchange rate.
  get("/admin/payments/:id/refund", "manager", refunds.refundPage),
  post("/admin/payments/:id/refund", "manager", refunds.refundForm, refunds.refundFormRefused),
  // Staff (managers): invitations, roles, deactivation and the round-robin of new submissions.
  get("/admin/staff", "manager", staff.staffPage),
  api("post", "/api/admin/staff/invitations", "manager", staff.inviteApi),
  api("patch", "/api/admin/staff/:id/role", "manager", staff.roleApi),
  api("post", "/api/admin/staff/:id/deactivate", "manager", staff.deactivateApi, "none"),
  api("put", "/api/admin/settings/assignment", "manager", staff.roundRobinApi),
  api("post", "/api/admin/settings/deadlines", "manager", staff.deadlinesApi),
  get("/admin/settings/payments", "manager", paymentSettings.paymentSettingsPage),
  post("/admin/settings/payments", "manager", paymentSettings.exchangeRateForm, paymentSettings.exchangeRateFormRefused),
  // Consultations: the agenda (marking one held or missed) and what can be booked (types and rules: managers;
  // availability: anyone's for managers, one's own for officers; the signed-in person's calendar feed).
  get("/admin/agenda", "staff", adminAgenda.agendaPage),
  post("/admin/bookings/:id/outcome", "staff", adminAgenda.outcomeForm, adminAgenda.outcomeFormRefused),
  post("/admin/bookings/:id/invite", "staff", adminAgenda.inviteForm, adminAgenda.outcomeFormRefused),
  get("/admin/consultations", "staff", adminConsultations.consultationSettingsPage),
  post("/admin/consultations/types", "manager", adminConsultations.typeForm, adminConsultations.typeFormRefused),
  post("/admin/consultations/types/:id/active", "manager", adminConsultations.typeActiveForm, adminConsultations.typeFormRefused),
  post("/admin/consultations/rules", "manager", adminConsultations.rulesForm, adminConsultations.rulesFormRefused),
  post("/admin/consultations/availability/:staffId", "staff", adminConsultations.availabilityForm, adminConsultations.availabilityFormRefused),
  post("/admin/consultations/feed", "staff", adminConsultations.feedForm),
];

/** Every public page's path, for the sitemap: the table's public GET routes, files (sitemap.xml, robots.txt) left out. */
export function publicPagePaths(table: Route[]): string[] {
  const pages = table.filter((r) => r.access === "public" && r.method === "get" && !r.unlisted && !/\.[a-z]+$/.test(r.path));
  return pages.flatMap((r) => (r.path.includes(":") ? (r.paths?.() ?? []) : [r.path]));
}

export interface RouterDeps {
  /** Session, passport, CSRF: everything a non-public route needs before its guard. */
  sessionStack: RequestHandler[];
  /**
   * The CSRF check, after the route's guard: a request whose session has ended gets the guard's 401 'Not
   * authenticated' (or its redirect to /auth), not a CSRF refusal of a token bound to the session that is gone.
   */
  csrfCheck: RequestHandler;
}

function guardFor(route: Route): RequestHandler[] {
  switch (route.access) {
    case "public":
    case "any":
      return [];
    case "guest":
      return [guestOnly];
    case "user":
      return [requireUser];
    case "staff":
    case "manager":
      return [requireStaff(route.access, ...(route.denied ?? ["Admin privileges required"])), staffNotices];
  }
}

/** JSON APIs answer 415 to any other body type, and multipart ones to anything but multipart. */
function bodyCheck(route: Route): RequestHandler[] {
  if (!route.api || route.method === "get" || route.method === "head" || route.method === "delete") return [];
  const kind = route.body ?? "json";
  if (kind === "none") return [];
  const type = kind === "json" ? "application/json" : "multipart/form-data";
  return [
    (req, _res, next) => {
      if (req.is(type)) return next();
      next(
        new HttpError(
          415,
          kind === "json" ? "Send the request body as JSON (Content-Type: application/json)." : "Send the file as multipart/form-data.",
        ),
      );
    },
  ];
}

export function buildRouter(deps: RouterDeps, table: Route[] = routes): Router {
  const router = Router();
  // Public pages are identical for every visitor: GETs are served from one cache per app.
  const publicCache = createPublicCache();
  for (const route of table) {
    const cached = route.method === "get" && !route.unlisted;
    const stack = route.access === "public" ? (cached ? [withoutOpenerPolicy, publicCache(route.cache)] : []) : deps.sessionStack;
    const csrf = route.access === "public" ? [] : [deps.csrfCheck];
    const failure = route.unavailable ? [unavailablePage(route.unavailable)] : route.refused ? [refuseWithForm(route.refused)] : [];
    router[route.method](route.path, ...stack, ...guardFor(route), ...csrf, ...bodyCheck(route), ...[route.handler].flat(), ...failure);
  }
  return router;
}
