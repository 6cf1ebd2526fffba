// The staff's review page of one case, shared by the controllers that show it: its own GET (admin/applications.ts)
// and the "After approval" forms (admin/caseStages.ts), which show it again with a refused form's message beside the
// form. Here rather than in either controller: no controller imports another.

import type { Request, Response } from "express";
import type { Knex } from "knex";
import type { AfterApprovalProps } from "../../views/components/admin/afterApprovalTypes.ts";
import type { BillCardProps } from "../../views/components/admin/BillCard.tsx";
import type { SessionUser } from "../../views/types.ts";
import { LOAD_FAILED } from "../actions/applications/refusals.ts";
import { BILL_REFUNDED, BILL_TRANSFER_WAITS } from "../actions/payments/billRules.ts";
import { billNow } from "../actions/payments/quote.ts";
import { signatureState } from "../actions/signatures/signatureState.ts";
import type { Config } from "../config.ts";
import { ctx } from "../context.ts";
import { LINE_CURRENCIES, LINE_KIND_LABELS, LINE_KINDS } from "../domain/bill.ts";
import { lagosDay } from "../domain/calendar.ts";
import { relationLabel } from "../domain/family.ts";
import { actsAsManager, mayOpenCase } from "../domain/staff.ts";
import { allowedMoves } from "../domain/status.ts";
import { currentUser } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import { type AdminApplicationRow, findApplication } from "../models/admin.ts";
import { listNotes } from "../models/adminNotes.ts";
import { currentOrLatestAgreement } from "../models/agreementSignatures.ts";
import { historyFor, listForUser } from "../models/applications.ts";
import { listCentres, listStages } from "../models/caseStages.ts";
import { findChecklist, listChecklists } from "../models/checklists.ts";
import { embassyWait } from "../models/decisionTimes.ts";
import { listRequests } from "../models/documentRequests.ts";
import { listDocuments } from "../models/documents.ts";
import { messagesFor } from "../models/emailMessages.ts";
import { instalmentReceipts } from "../models/instalments.ts";
import { passportRead } from "../models/passportReads.ts";
import { paymentsOfApplication, transferAwaitingStaff } from "../models/payments.ts";
import { photoCheckOf } from "../models/photoChecks.ts";
import { adminApplication, applicantChecklist, noteEntry, otherApplication } from "../presenters/admin.ts";
import { paymentEntry } from "../presenters/adminPayments.ts";
import { staffAgreementText } from "../presenters/agreementLine.ts";
import { historyEntry } from "../presenters/application.ts";
import { assignmentProps } from "../presenters/assignment.ts";
import { billView } from "../presenters/bill.ts";
import { embassyWaitView, staffStages } from "../presenters/caseStages.ts";
import { channelsLine } from "../presenters/channels.ts";
import { documentRequests, documentReview } from "../presenters/documentRequests.ts";
import { groupBillCard } from "../presenters/groupBill.ts";
import { instalmentViews } from "../presenters/instalments.ts";
import { messageEntry, statusWhatsapp } from "../presenters/messaging.ts";
import { passportZoneView } from "../presenters/passportRead.ts";
import { feeText, quoteView } from "../presenters/payment.ts";
import { photoCheckView } from "../presenters/photoCheck.ts";
import { renderPage } from "../render/renderPage.ts";
import { NOTE_MAX } from "../validation/review.ts";
import { openThread, withWhatsappFiles } from "./thread.ts";

/** The case's bill for the staff: its lines, and why it cannot change now (paid, a transfer waiting for staff). */
async function billCardProps(db: Knex, config: Config, row: AdminApplicationRow, refused: BillCardProps["refused"]): Promise<BillCardProps> {
  const [quoted, waiting, group] = await Promise.all([billNow(db, config, row), transferAwaitingStaff(db, row.id), groupBillCard(db, row)]);
  const instalments = quoted.ok ? quoted.instalments : [];
  return {
    ...group,
    instalments: quoted.ok ? instalmentViews(instalments, quoted.bill.currency, await instalmentReceipts(db, instalments)) : [],
    splittable: quoted.ok && instalments.length === 0 && row.payment_status === "pending" && !waiting,
    applicationId: row.id,
    bill: quoted.ok ? billView(quoted.bill, quoteView(quoted.quote).rateDate, true) : null,
    locked:
      group.groupBill?.text ??
      (row.payment_status !== "pending" && row.payment_status !== "paid" ? BILL_REFUNDED : waiting ? BILL_TRANSFER_WAITS : null),
    paid: row.payment_status === "paid",
    unavailable: quoted.ok || group.groupBill ? null : quoted.message,
    currency: config.payments.currency,
    kinds: LINE_KINDS.map((k) => ({ value: k, label: LINE_KIND_LABELS[k] })),
    currencies: [...LINE_CURRENCIES],
    refused,
  };
}

/**
 * Admin pages of one application: an unknown id, and another officer's case (like another user's data), go back to
 * the list with the SPEC §8 message.
 */
export async function loadOrRedirect(req: Request, res: Response): Promise<AdminApplicationRow | undefined> {
  const found = await findApplication(ctx(req).db, String(req.params.id));
  const row = found && mayOpenCase(currentUser(res), found) ? found : undefined;
  if (!row) {
    redirectWithFlash(req, res, "/admin", { title: "Error", description: LOAD_FAILED, variant: "destructive" });
  }
  return row;
}

/** What the applicant sees besides this application: their checklists and their other applications. */
async function applicantContext(db: Knex, row: AdminApplicationRow) {
  const [summaries, applications] = await Promise.all([listChecklists(db, row.user_id), listForUser(db, row.user_id)]);
  const checklists = await Promise.all(summaries.map((c) => findChecklist(db, c.id, row.user_id)));
  const leadId = row.group_lead_id ?? (applications.some((a) => a.group_lead_id === row.id) ? row.id : null);
  return {
    familyOthers: leadId
      ? applications.filter((a) => a.id !== row.id && (a.id === leadId || a.group_lead_id === leadId) && a.status === row.status).length
      : 0,
    applicantChecklists: checklists.flatMap((c) => (c ? [applicantChecklist(c)] : [])),
    otherApplications: applications.filter((a) => a.id !== row.id).map((a) => otherApplication(a, row)),
    family: row.group_lead_id
      ? `${relationLabel(row.group_relation ?? "", row.group_relation_other)} in the family group of ${applications.find((a) => a.id === row.group_lead_id)?.reference_number ?? "another application"}`
      : applications.some((a) => a.group_lead_id === row.id)
        ? `Lead applicant of a family group of ${applications.filter((a) => a.group_lead_id === row.id).length + 1}`
        : null,
  };
}

/**
 * The review page; `stageRefused`: a refused form of "After approval" (shown again with its message, per-field messages
 * and what was typed), at the refusal's status; `billRefused` the bill's, `fileRefused` the filing of a WhatsApp file's. An unknown case or another officer's answers 404 there.
 */
export async function renderReview(
  req: Request,
  res: Response,
  stageRefused: AfterApprovalProps["refused"],
  status: number,
  billRefused: BillCardProps["refused"] = null,
  fileRefused: { fileId: string; message: string } | null = null,
): Promise<void> {
  if (stageRefused || billRefused || fileRefused) {
    const found = await findApplication(ctx(req).db, String(req.params.id));
    if (!found || !mayOpenCase(currentUser(res), found)) throw new HttpError(404, LOAD_FAILED);
  }
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  const { db, config } = ctx(req);
  const [notes, history, documents, applicant, messages, payments, assignment, thread, requests, stages, centres, bill, signature, zone, photo] =
    await Promise.all([
      listNotes(db, row.id),
      historyFor(db, row.id),
      listDocuments(db, row.id),
      applicantContext(db, row),
      messagesFor(db, { application_id: row.id }),
      paymentsOfApplication(db, row.id),
      assignmentProps(db, currentUser(res) as SessionUser, row),
      openThread(req, res, row.id, "staff").then(async (t) => ({ ...t, intro: `${t.intro} ${await channelsLine(db, row.user_id)}` })),
      listRequests(db, row.id),
      listStages(db, row.id),
      listCentres(db),
      billCardProps(db, config, row, billRefused),
      signatureState(db, row),
      passportRead(db, row.id),
      row.photo_path ? photoCheckOf(db, row.id) : undefined,
    ]);
  const wait = await embassyWait(db, row.id, lagosDay(new Date()));
  const baseUrl = config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
  await renderPage(
    req,
    res,
    "admin/ApplicationReview",
    {
      application: {
        ...adminApplication(row),
        feeText: await feeText(ctx(req).db, ctx(req).config, row),
        agreementText: staffAgreementText(await currentOrLatestAgreement(db, row.id)),
      },
      notes: notes.map(noteEntry),
      history: history.map((h) => historyEntry(h, row)),
      documentReview: documentReview(row, documents, requests),
      passportZone: row.passport_scan_path ? passportZoneView(zone, row) : passportZoneView(undefined, row),
      photoCheck: photoCheckView(photo, row.destination_country),
      documentRequests: documentRequests(row, requests, messages, baseUrl, new Date()),
      moves: allowedMoves(row.status, "admin").map((m) => ({ value: m.to, label: m.label, noteRequired: m.noteRequired })),
      noteMaxLength: NOTE_MAX,
      ...applicant,
      messages: messages.map(messageEntry),
      whatsapp: statusWhatsapp(messages, row.phone, baseUrl),
      payments: payments.map((p) => paymentEntry({ ...p, reference_number: row.reference_number, applicant_name: row.full_name })),
      assignment,
      thread: await withWhatsappFiles(db, thread, row.id, requests, fileRefused),
      afterApproval:
        stages.length > 0 || row.status === "approved" || stageRefused
          ? {
              ...staffStages(row, stages, centres, new Date(), stageRefused, {
                state: signature.state,
                signedAt: signature.state !== "no-sheet" && signature.row ? new Date(signature.row.signed_at).toISOString() : null,
                pdfUrl: signature.state !== "no-sheet" && signature.row ? `/files/signatures/${signature.row.id}` : null,
                mayOverride: actsAsManager(currentUser(res)),
              }),
              embassyWait: wait ? embassyWaitView(wait) : null,
            }
          : null,

      bill,
    },
    { title: `Review ${row.reference_number}`, status },
  );
}
