// The applicant portal's routes: the dashboard, the wizard, details, payment, documents and uploads, checklists.

import { stageFile } from "../controllers/admin/caseStages.ts";
import { whatsappFile } from "../controllers/admin/whatsappFiles.ts";
import * as agreements from "../controllers/portal/agreements.ts";
import * as applications from "../controllers/portal/applications.ts";
import * as checklists from "../controllers/portal/checklists.ts";
import * as copies from "../controllers/portal/copies.ts";
import { dashboardPage } from "../controllers/portal/dashboard.ts";
import * as details from "../controllers/portal/details.ts";
import * as documents from "../controllers/portal/documents.ts";
import * as family from "../controllers/portal/family.ts";
import * as messages from "../controllers/portal/messages.ts";
import { passportReadApi } from "../controllers/portal/passportRead.ts";
import * as payments from "../controllers/portal/payments.ts";
import * as paystack from "../controllers/portal/paystack.ts";
import * as signatures from "../controllers/portal/signatures.ts";
import * as uploads from "../controllers/portal/uploads.ts";
import { applicantPrintedForm } from "../controllers/printedForms.ts";
import { api, get, post, type Route } from "./define.ts";

export const portalRoutes: Route[] = [
  // Applicant portal
  get("/dashboard", "user", dashboardPage, {
    unavailable: { heading: "Your Visa Applications", toast: { title: "Error", description: "Failed to load applications" }, area: "portal" },
  }),
  get("/checklist/:id", "user", checklists.checklistPage, {
    unavailable: { heading: "Checklist", toast: { title: "Failed to load checklist" }, area: "portal" },
  }),
  get("/visa-application/:id", "user", applications.wizardPage),
  get("/visa-application/:id/review", "user", applications.reviewPage),
  get("/application/:id", "user", details.detailsPage),
  get("/application/:id/receipt", "user", payments.receiptPage),
  get("/application/:id/submitted", "user", applications.submittedPage),
  // The applicant signs the answer sheet staff will lodge (a plain form), and the PDF of what was signed.
  get("/application/:id/sign", "user", signatures.signPage),
  post("/application/:id/sign", "user", signatures.signForm, signatures.signRefused),
  get("/files/signatures/:id", "user", signatures.signatureFile),
  // The government's printed form filled from the answers (where one is kept for the destination), to print and sign.
  get("/application/:id/printed-form.pdf", "user", applicantPrintedForm),
  // The service agreement and data-protection consent, signed before the first payment (a plain form), and its PDF.
  get("/application/:id/agreement", "user", agreements.agreementPage),
  post("/application/:id/agreement", "user", agreements.agreementForm, agreements.agreementRefused),
  get("/files/agreements/:id", "user", agreements.agreementFile),
  // A family applying together: the lead's page of the group, adding a member, submitting those ready (plain forms).
  get("/application/:id/family", "user", family.familyPage),
  post("/application/:id/family", "user", family.addMemberForm, family.familyRefused),
  post("/application/:id/family/submit", "user", family.submitGroupForm, family.familyRefused),
  post("/application/:id/family/members/:memberId/invite", "user", family.inviteMemberForm, family.familyRefused),
  post("/application/:id/family/members/:memberId/access/remove", "user", family.removeMemberAccessForm, family.familyRefused),
  get("/payment/:id", "user", payments.paymentPage),
  post("/payment/:id/paystack", "user", paystack.startPaystackForm),
  get("/payment/:id/return", "user", paystack.paystackReturnPage),
  api("post", "/api/applications/:id/payment", "user", payments.payApi),
  // Bank transfer (plain forms; the proof is a multipart form with its token in the URL) and the proof's download.
  post("/payment/:id/bank-transfer", "user", payments.startBankTransferForm, payments.bankTransferRefused),
  post("/payment/:id/bank-transfer/proof", "user", payments.transferProofForm, payments.bankTransferRefused),
  post("/payment/:id/bank-transfer/withdraw", "user", payments.withdrawTransferForm, payments.bankTransferRefused),
  get("/files/payments/:paymentId/proof", "user", payments.transferProofFile),
  api("post", "/api/applications", "user", applications.createApi),
  api("patch", "/api/applications/:id", "user", applications.updateApi),
  api("post", "/api/applications/:id/submit", "user", applications.submitApi, "none"),
  api("post", "/api/applications/:id/copy", "user", copies.copyApi, "none"),
  api("post", "/api/applications/:id/messages", "user", messages.messageApi),
  api("post", "/api/applications/:id/documents", "user", documents.uploadDocumentApi, "multipart"),
  api("post", "/api/applications/:id/missing-documents", "user", documents.sendMissingDocumentApi, "multipart"),
  api("post", "/api/applications/:id/passport/:kind", "user", documents.uploadPassportApi, "multipart"),
  // What was read from the passport scan's zone, offered on step 3.
  api("get", "/api/applications/:id/passport-read", "user", passportReadApi),
  api("delete", "/api/documents/:docId", "user", documents.deleteDocumentApi),
  // Resumable uploads (tus): the same files, checks and actions as the two uploads above, over as many requests as the
  // connection needs; the upload's metadata names the draft and the file.
  api("post", uploads.UPLOADS_PATH, "user", uploads.createUploadApi, "none"),
  api("head", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.uploadOffsetApi),
  api("patch", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.uploadPartApi, "none"),
  api("delete", `${uploads.UPLOADS_PATH}/:uploadId`, "user", uploads.cancelUploadApi),
  get("/files/documents/:docId", "user", documents.documentFile),
  // To staff only (the sender too answers 404, as for a file that is not there).
  get("/files/whatsapp/:fileId", "user", whatsappFile),
  get("/files/stages/:id", "user", stageFile),
  get("/application/:id/appointment.ics", "user", applications.appointmentInviteFile),
  get("/files/applications/:id/:kind", "user", documents.passportFile),
  api("post", "/api/checklists", "user", checklists.createApi),
  api("put", "/api/checklists/:id", "user", checklists.saveApi),
  api("post", "/api/checklists/:id/application", "user", checklists.startApplicationApi),
];
