// An application's page for its applicant (/application/:id): its status and history, what staff asked for, the fee
// and the bill, the stages after approval, the conversation, the family group.

import type { Request, Response } from "express";
import type { BillView } from "../../../views/lib/bill.ts";
import { formatMinor, quoteBasis } from "../../../views/lib/money.ts";
import { sendingRefusal } from "../../actions/documents/sendMissingDocument.ts";
import { coveredBy, leadBilledWithout } from "../../actions/payments/groupBill.ts";
import { billNow } from "../../actions/payments/quote.ts";
import { signatureState } from "../../actions/signatures/signatureState.ts";
import { ctx } from "../../context.ts";
import { stillMissing } from "../../domain/completeness.ts";
import { GROUP_BILL, OWN_BILL } from "../../domain/familyBill.ts";
import { paymentRefusal } from "../../domain/status.ts";
import { loadPersonOrRedirect } from "../../http/ownApplication.ts";
import { openThread } from "../../http/thread.ts";
import { UPLOAD_RULES } from "../../http/uploadRules.ts";
import { currentOrLatestAgreement } from "../../models/agreementSignatures.ts";
import { relatedApplications } from "../../models/applicationCopies.ts";
import { type ApplicationRow, historyFor } from "../../models/applications.ts";
import { listStages } from "../../models/caseStages.ts";
import { listRequests } from "../../models/documentRequests.ts";
import { listDocuments } from "../../models/documents.ts";
import type { BilledRow } from "../../models/groupBills.ts";
import { findSplit, instalmentReceipts, instalmentsOf } from "../../models/instalments.ts";
import { settledPayment, transferAwaitingStaff } from "../../models/payments.ts";
import { photoCheckOf } from "../../models/photoChecks.ts";
import { returnNotes } from "../../models/statusChanges.ts";
import { applicantAgreementLine } from "../../presenters/agreementLine.ts";
import { applicationForm, applicationSummary, historyEntry } from "../../presenters/application.ts";
import { billView } from "../../presenters/bill.ts";
import { applicantTimeline } from "../../presenters/caseStages.ts";
import { applicantRequests } from "../../presenters/documentRequests.ts";
import { documentNamer } from "../../presenters/documents.ts";
import { detailsFamily } from "../../presenters/family.ts";
import { instalmentViews } from "../../presenters/instalments.ts";
import { quoteView, unpricedFee } from "../../presenters/payment.ts";
import { photoCheckView } from "../../presenters/photoCheck.ts";
import { printedFormOffer } from "../../presenters/printedForm/index.ts";
import { refundView } from "../../presenters/receipt.ts";
import { renderPage } from "../../render/renderPage.ts";

/** Today's fee as charged ("₦232,500") and how it was reached from the dollar price ("$150 at ₦1,550/$, rate of …"). */
async function feeNow(req: Request, row: ApplicationRow): Promise<{ charged: string | null; basis: string | null; bill: BillView | null }> {
  const { db, config } = ctx(req);
  const quoted = await billNow(db, config, row);
  if (!quoted.ok) return { charged: unpricedFee(config, row.visa_type), basis: null, bill: null };
  // With lines added by staff, the whole bill is charged and its lines are listed.
  const bill = quoted.bill.lines.length > 1 ? billView(quoted.bill, quoteView(quoted.quote).rateDate) : null;
  if (quoted.quote.currency === "USD") return { charged: bill?.totalText ?? null, basis: null, bill };
  return { charged: formatMinor(quoted.bill.totalMinor, quoted.bill.currency), basis: bill ? null : quoteBasis(quoteView(quoted.quote)), bill };
}

/** GET /application/:id — status, payment and history of one application */
export async function detailsPage(req: Request, res: Response): Promise<void> {
  const loaded = await loadPersonOrRedirect(req, res);
  if (!loaded) return;
  // An adult family member's own sign-in: their part (status, requests, documents, messages), not the lead's money,
  // agreement or signatures, which stay with the account the application is on.
  const { row, member } = loaded;
  const { db } = ctx(req);
  const [history, notes, related, settled, thread, requests, documents, waiting, stages, photo] = await Promise.all([
    historyFor(db, row.id, "hidden"),
    returnNotes(db, [row.id]),
    relatedApplications(db, row),
    // A family member paid with the group's bill has the lead's payment as its receipt.
    row.payment_status === "pending" ? undefined : settledPayment(db, (row as BilledRow).billed_with_id ?? row.id),
    openThread(req, res, row.id, "applicant"),
    listRequests(db, row.id),
    listDocuments(db, row.id),
    row.payment_status === "pending" ? transferAwaitingStaff(db, row.id) : undefined,
    listStages(db, row.id),
    row.photo_path ? photoCheckOf(db, row.id) : undefined,
  ]);
  const signature = row.status === "approved" && !member ? await signatureState(db, row) : null;
  // A family member's case whose fee the lead's bill carries: no fee of its own, the group's payment page instead.
  const groupLead = await coveredBy(db, row);
  // …or one submitted after the group's bill was split or paid, which pays its own: its page says why.
  const ownBill = !groupLead && !member && row.payment_status === "pending" ? await leadBilledWithout(db, row) : undefined;
  const summary = applicationSummary(row);
  const split = await findSplit(db, row.id);
  // Read as the bill is charged now (a split made under the other PAYMENT_CURRENCY is shown converted, in today's).
  const quoted = split ? await billNow(db, ctx(req).config, row) : undefined;
  const instalments = quoted?.ok ? quoted.instalments : split ? await instalmentsOf(db, row.id) : [];
  const currency = quoted?.ok ? quoted.bill.currency : (split?.currency ?? "NGN");
  const schedule = instalmentViews(instalments, currency, await instalmentReceipts(db, instalments));
  const owesMore = row.payment_status === "paid" && instalments.some((i) => i.paid_at === null);
  const agreement =
    row.status === "draft" || member
      ? null
      : applicantAgreementLine(row.id, await currentOrLatestAgreement(db, row.id), !paymentRefusal(row, owesMore));
  await renderPage(
    req,
    res,
    "portal/Details",
    {
      application: {
        ...summary,
        amountPaid: row.amount_paid,
        paymentReference: row.payment_reference,
        paidAt: row.paid_at?.toISOString() ?? null,
        fee: applicationForm(row).fee,
        fullName: row.full_name,
      },
      history: history.map((h) => historyEntry(h, row)),
      changesRequested: notes.get(row.id) ?? null,
      refund: settled && row.payment_status === "refunded" ? refundView(settled) : null,
      instalments: schedule,
      // A split bill: the Amount is the bill's (each instalment is in the schedule), not one instalment's.
      paidText:
        settled && !split
          ? formatMinor(settled.amount_minor, settled.currency)
          : quoted?.ok
            ? `${formatMinor(quoted.bill.totalMinor, quoted.bill.currency)} in ${quoted.instalments.length} instalments`
            : null,
      hasReceipt: Boolean(settled) && !member,
      thread,
      showPayNow: paymentRefusal(row, owesMore) === undefined && !waiting && !member && !groupLead,
      ownBill: ownBill ? OWN_BILL(ownBill.reference_number) : null,
      // The lead's money is not shown to a member signed in on their own (paying stays the account's).
      groupBill:
        groupLead && !member
          ? {
              text: GROUP_BILL(groupLead.reference_number),
              href: groupLead.payment_status === "pending" ? `/payment/${groupLead.id}` : `/application/${groupLead.id}`,
            }
          : null,
      transferWaiting: waiting?.proof_uploaded_at
        ? { amountText: formatMinor(waiting.amount_minor, waiting.currency), proofAt: waiting.proof_uploaded_at.toISOString() }
        : null,
      ...((row.payment_status === "pending" || owesMore) && !member && !groupLead
        ? await feeNow(req, row).then((f) => ({ feeCharged: f.charged, feeBasis: f.basis, bill: f.bill }))
        : { feeCharged: null, feeBasis: null, bill: null }),
      canEdit: summary.status === "draft",
      canStartAgain: row.status === "rejected" && !member,
      family: await detailsFamily(db, row, member),
      related: {
        startedFrom: related.startedFrom ? { id: related.startedFrom.id, reference: related.startedFrom.reference_number } : null,
        startedAgainAs: related.startedAgainAs.map((r) => ({ id: r.id, reference: r.reference_number })),
      },
      requests: applicantRequests(row.id, requests, documents, UPLOAD_RULES, new Date()),
      photoCheck: photoCheckView(photo, row.destination_country),
      missingDocuments: {
        url: `/api/applications/${row.id}/missing-documents`,
        items: sendingRefusal(row.status) ? [] : stillMissing(row, documents).map(({ key, label, hint }) => ({ key, label, hint })),
        rules: UPLOAD_RULES,
      },
      signing: signature && signature.state !== "no-sheet" ? { state: signature.state } : null,
      printedForm: row.status === "draft" || member ? null : printedFormOffer(row, `/application/${row.id}/printed-form.pdf`),
      agreement,
      stages:
        row.status === "approved"
          ? applicantTimeline(
              row,
              stages,
              // What to bring names each document as the applicant filed it ("Proof of funds"), once.
              [...new Set(documents.map(documentNamer(row, requests)))],
              new Date(),
            )
          : null,
    },
    { title: `Application ${row.reference_number}` },
  );
}
