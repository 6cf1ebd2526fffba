// The admin panel's routes: the queue and a case, leads, enquiries, the outbox, payments, staff, settings,
// consultations.

import { activityPage } from "../controllers/admin/activity.ts";
import * as adminAgenda from "../controllers/admin/agenda.ts";
import { analyticsPage } from "../controllers/admin/analytics.ts";
import * as adminApplications from "../controllers/admin/applications.ts";
import { appointmentsPage } from "../controllers/admin/appointments.ts";
import * as bill from "../controllers/admin/bill.ts";
import * as caseStages from "../controllers/admin/caseStages.ts";
import * as adminConsultations from "../controllers/admin/consultations.ts";
import {
  decisionTimeForm,
  decisionTimeFormRefused,
  decisionTimesPage,
  lateAtEmbassyPage,
  publicFiguresForm,
  publicFiguresFormRefused,
} from "../controllers/admin/decisionTimes.ts";
import * as documentRequests from "../controllers/admin/documentRequests.ts";
import * as adminEnquiries from "../controllers/admin/enquiries.ts";
import { expiringPage } from "../controllers/admin/expiring.ts";
import { exportFile } from "../controllers/admin/export.ts";
import { formSheetPage } from "../controllers/admin/formSheet.ts";
import * as heldPayments from "../controllers/admin/heldPayments.ts";
import * as adminLeads from "../controllers/admin/leads.ts";
import * as adminMessages from "../controllers/admin/messages.ts";
import * as outbox from "../controllers/admin/outbox.ts";
import * as adminPayments from "../controllers/admin/payments.ts";
import * as refunds from "../controllers/admin/refunds.ts";
import * as paymentSettings from "../controllers/admin/settings.ts";
import * as staff from "../controllers/admin/staff.ts";
import * as whatsapp from "../controllers/admin/whatsapp.ts";
import * as whatsappFiles from "../controllers/admin/whatsappFiles.ts";
import { staffPrintedForm } from "../controllers/printedForms.ts";
import { paymentDecisionRefused } from "../http/paymentPage.ts";
import { api, get, post, type Route } from "./define.ts";

export const adminRoutes: Route[] = [
  // Admin panel
  get("/admin", "staff", adminApplications.listPage, {
    denied: ["Access Denied", "You don't have admin privileges"],
    unavailable: { heading: "All Applications", toast: { title: "Failed to load applications" }, area: "admin" },
  }),
  get("/admin/export.csv", "manager", exportFile),
  get("/admin/application/:id", "staff", adminApplications.reviewPage),
  get("/admin/application/:id/full", "staff", adminApplications.fullPage),
  get("/admin/application/:id/form-sheet", "staff", formSheetPage),
  get("/admin/application/:id/printed-form.pdf", "staff", staffPrintedForm),
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
  // After approval: the government's side, stage by stage (plain forms; a stage's form may carry its file).
  post("/admin/application/:id/stages/:stage", "staff", caseStages.recordStageForm, caseStages.stageFormRefused),
  post("/admin/application/:id/stages/:stage/skip", "staff", caseStages.skipStageForm, caseStages.stageFormRefused),
  post("/admin/application/:id/stages/:stage/unskip", "staff", caseStages.unskipStageForm, caseStages.stageFormRefused),
  post("/admin/application/:id/appointment/missed", "staff", caseStages.missedForm, caseStages.stageFormRefused),
  // The case's bill: lines added or removed with a reason (plain forms).
  post("/admin/application/:id/bill/lines", "staff", bill.addLineForm, bill.billFormRefused),
  post("/admin/application/:id/bill/lines/:lineId/remove", "staff", bill.removeLineForm, bill.billFormRefused),
  // …split into instalments (amounts and due dates adding up to the bill).
  post("/admin/application/:id/bill/instalments", "staff", bill.splitForm, bill.billFormRefused),
  // …a family group's rate on the lead's bill (the members' service fee, % of the price list), set or cleared.
  post("/admin/application/:id/bill/family-rate", "staff", bill.familyRateForm, bill.billFormRefused),
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
  get("/admin/whatsapp", "staff", whatsapp.inboxPage),
  // A file a client sent on WhatsApp, filed against one of the case's open requests (opened at /files/whatsapp/:fileId).
  post("/admin/application/:id/whatsapp/:fileId/file", "staff", whatsappFiles.fileForm, whatsappFiles.fileFormRefused),
  // Payments: the list (and CSV), one payment, a bank transfer's Confirm and Reject (plain forms).
  get("/admin/payments", "manager", adminPayments.paymentsPage),
  get("/admin/payments.csv", "manager", adminPayments.paymentsCsvFile),
  get("/admin/payments/:id", "manager", adminPayments.paymentPage),
  post("/admin/payments/:id/confirm", "manager", adminPayments.confirmTransferForm, paymentDecisionRefused),
  post("/admin/payments/:id/reject", "manager", adminPayments.rejectTransferForm, paymentDecisionRefused),
  post("/admin/payments/held-transfers/:id/close", "manager", adminPayments.closeHeldTransferForm),
  // A payment held for staff (Needs attention): applied to its case's bill, or refunded (plain forms on its page).
  post("/admin/payments/:id/held/apply", "manager", heldPayments.applyHeldForm, heldPayments.heldFormRefused),
  post("/admin/payments/:id/held/refund", "manager", heldPayments.refundHeldForm, heldPayments.heldFormRefused),
  api("post", "/api/admin/messages/:id/retry", "manager", outbox.retryApi, "none"),
  api("post", "/api/admin/phone-messages/:id/retry", "manager", outbox.retryPhoneApi, "none"),
  // Money (issue #30): refunds and the exchange rate.
  get("/admin/payments/:id/refund", "manager", refunds.refundPage),
  post("/admin/payments/:id/refund", "manager", refunds.refundForm, refunds.refundFormRefused),
  // Staff (managers): invitations, roles, deactivation, calendar feeds, leavers' consultations and the round-robin of
  // new submissions.
  get("/admin/staff", "manager", staff.staffPage),
  api("post", "/api/admin/staff/invitations", "manager", staff.inviteApi),
  api("patch", "/api/admin/staff/:id/role", "manager", staff.roleApi),
  api("post", "/api/admin/staff/:id/deactivate", "manager", staff.deactivateApi, "none"),
  api("post", "/api/admin/staff/:id/feed/stop", "manager", staff.stopFeedApi, "none"),
  api("post", "/api/admin/bookings/:id/staff", "manager", staff.reassignApi),
  api("put", "/api/admin/settings/assignment", "manager", staff.roundRobinApi),
  api("post", "/api/admin/settings/deadlines", "manager", staff.deadlinesApi),
  get("/admin/settings/payments", "manager", paymentSettings.paymentSettingsPage),
  post("/admin/settings/payments", "manager", paymentSettings.exchangeRateForm, paymentSettings.exchangeRateFormRefused),
  get("/admin/settings/centres", "manager", caseStages.centresPage),
  post("/admin/settings/centres", "manager", caseStages.newCentreForm, caseStages.centreFormRefused),
  post("/admin/settings/centres/:id", "manager", caseStages.editCentreForm, caseStages.centreFormRefused),
  post("/admin/settings/centres/:id/active", "manager", caseStages.centreActiveForm, caseStages.centreFormRefused),
  get("/admin/settings/decision-times", "manager", decisionTimesPage),
  post("/admin/settings/decision-times", "manager", decisionTimeForm, decisionTimeFormRefused),
  post("/admin/settings/public-figures", "manager", publicFiguresForm, publicFiguresFormRefused),
  // Consultations: the agenda (marking one held or missed) and what can be booked (types and rules: managers;
  // availability: anyone's for managers, one's own for officers; the signed-in person's calendar feed).
  get("/admin/agenda", "staff", adminAgenda.agendaPage),
  // Visa-centre appointments after approval: everyone's for a manager, an officer's own cases for an officer.
  get("/admin/appointments", "staff", appointmentsPage),
  // Passports and visas expiring, for a call: everyone's for a manager, an officer's own cases for an officer.
  get("/admin/expiring", "staff", expiringPage),
  // Lodged cases waiting past their destination's usual decision time: the same rule of whose cases.
  get("/admin/late-at-embassy", "staff", lateAtEmbassyPage),
  post("/admin/bookings/:id/outcome", "staff", adminAgenda.outcomeForm, adminAgenda.outcomeFormRefused),
  post("/admin/bookings/:id/cancel", "staff", adminAgenda.cancelForm, adminAgenda.outcomeFormRefused),
  post("/admin/bookings/:id/invite", "staff", adminAgenda.inviteForm, adminAgenda.outcomeFormRefused),
  get("/admin/consultations", "staff", adminConsultations.consultationSettingsPage),
  post("/admin/consultations/types", "manager", adminConsultations.typeForm, adminConsultations.typeFormRefused),
  post("/admin/consultations/types/:id/active", "manager", adminConsultations.typeActiveForm, adminConsultations.typeFormRefused),
  post("/admin/consultations/types/:id/place", "manager", adminConsultations.typePlaceForm, adminConsultations.typePlaceFormRefused),
  post("/admin/consultations/rules", "manager", adminConsultations.rulesForm, adminConsultations.rulesFormRefused),
  post("/admin/consultations/availability/:staffId", "staff", adminConsultations.availabilityForm, adminConsultations.availabilityFormRefused),
  post("/admin/consultations/feed", "staff", adminConsultations.feedForm),
];
