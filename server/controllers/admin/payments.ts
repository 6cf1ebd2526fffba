// Admin Payments: every payment attempt, an application's fee or a consultation's (filtered, paged, as CSV), the bank transfers waiting for staff, one payment's
// facts, and a transfer's Confirm and Reject forms (plain form posts: they work without JavaScript).
import type { Request, Response } from "express";
import { instalmentTitle } from "../../../views/lib/bill.ts";
import { formatDate } from "../../../views/lib/format.ts";
import { formatMinor } from "../../../views/lib/money.ts";
import { PAYMENT_STATE_LABELS, PROVIDER_LABELS } from "../../../views/lib/payments.ts";
import type { OverdueInstalment } from "../../../views/pages/admin/paymentTypes.ts";
import { recordExport } from "../../actions/exports/recordExport.ts";
import { chargedText } from "../../actions/payments/chargedNow.ts";
import { confirmTransfer } from "../../actions/payments/confirmTransfer.ts";
import { closeHeldTransfer } from "../../actions/payments/dedicatedAccounts.ts";
import { rejectTransfer } from "../../actions/payments/rejectTransfer.ts";
import { ctx } from "../../context.ts";
import { lagosToday } from "../../domain/calendar.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { paymentDecisionRefused, renderPaymentPage } from "../../http/paymentPage.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { heldUnattached } from "../../models/dedicatedAccounts.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { overdueInstalments } from "../../models/instalments.ts";
import { listPayments, type PaymentListFilters, transfersToConfirm } from "../../models/paymentLists.ts";
import { moneyReceived, paymentEntry } from "../../presenters/adminPayments.ts";
import { CSV_BOM, csvRow, lagosTime } from "../../render/csv.ts";
import { renderPage } from "../../render/renderPage.ts";
import { confirmTransferSchema, type PaymentListQuery, parsePaymentListQuery, rejectTransferSchema } from "../../validation/adminPayments.ts";
import { checkInput } from "../../validation/validate.ts";

const PAGE_SIZE = 50;
const CSV_BATCH = 1000;

/** The overdue instalments' page of the list, as the page shows them. */
async function overdueList({ db, config }: ReturnType<typeof ctx>, page: number) {
  const { rows, total } = await overdueInstalments(db, lagosToday(), PAGE_SIZE, (page - 1) * PAGE_SIZE);
  // A bill split under the other PAYMENT_CURRENCY: its instalment as it is charged now (chargedNow.ts).
  const amountText = chargedText(config.payments.currency, await currentRate(db));
  return {
    total,
    rows: rows.map(
      (r): OverdueInstalment => ({
        applicationId: r.application_id,
        applicationReference: r.reference_number,
        applicantName: r.applicant_name ?? "",
        title: instalmentTitle({ position: r.position, count: r.count }),
        amountText: amountText(r.amount_minor, r.currency),
        dueText: formatDate(r.due_on),
      }),
    ),
  };
}

const toFilters = (q: Omit<PaymentListQuery, "overdue">): PaymentListFilters => ({
  state: q.state || undefined,
  provider: q.provider || undefined,
  from: q.from || undefined,
  to: q.to || undefined,
});

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** GET /admin/payments — the transfers to confirm, then every payment, newest first, filtered by the URL */
export async function paymentsPage(req: Request, res: Response): Promise<void> {
  const query = parsePaymentListQuery(req);
  const { db } = ctx(req);
  const overdue = query.overdue === "1" ? await overdueList(ctx(req), query.page) : null;
  const [list, waiting, held] = await Promise.all([
    overdue ? { rows: [], total: overdue.total, more: false } : listPayments(db, toFilters(query), PAGE_SIZE, (query.page - 1) * PAGE_SIZE),
    transfersToConfirm(db),
    heldUnattached(db),
  ]);
  await renderPage(
    req,
    res,
    "admin/Payments",
    {
      toConfirm: waiting.map(paymentEntry),
      heldTransfers: held.map((h) => ({
        id: h.id,
        reference: h.reference,
        amountText: formatMinor(h.amount_minor, h.currency),
        applicantName: h.full_name ?? "Unknown account",
        accountEmail: h.email,
        accountNumber: h.account_number,
        arrivedAt: (h.paid_at ?? h.created_at).toISOString(),
        reason: h.reason ?? "",
      })),
      rows: list.rows.map(paymentEntry),
      total: list.total,
      more: list.more,
      page: query.page,
      pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
      query,
      states: options(PAYMENT_STATE_LABELS),
      providers: options(PROVIDER_LABELS),
      overdue: overdue?.rows ?? null,
    },
    { title: "Payments" },
  );
}

export const PAYMENTS_CSV_HEADER = [
  "Started (Lagos time)",
  "Payment reference",
  "Application",
  "Applicant",
  "Account email",
  "Provider",
  "State",
  "Currency",
  "Amount",
  "Fee (USD)",
  "Rate (kobo per USD)",
  "Payment code",
  "Provider reference",
  "Received",
  "Received currency",
  "Paid (Lagos time)",
  "Receipt code",
  "Decided by",
  "Note",
  "Refunded",
  "Pass-through",
];

/** Minor units as a plain decimal a spreadsheet sums: 23250050 → "232500.50". */
const decimal = (minor: number | null) => (minor === null ? "" : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`);

/** GET /admin/payments.csv — the filtered list (every page), spreadsheet-safe, audited */
export async function paymentsCsvFile(req: Request, res: Response): Promise<void> {
  // The CSV is of payments: the overdue instalments are a page of their own.
  const { page: _page, overdue: _overdue, ...filter } = parsePaymentListQuery(req);
  const filters = toFilters({ page: 1, ...filter });
  await recordExport(ctx(req), signedInActor(req, res), { list: "payments", filter });
  const lines = [CSV_BOM + csvRow(PAYMENTS_CSV_HEADER)];
  for (let offset = 0; ; offset += CSV_BATCH) {
    const { rows } = await listPayments(ctx(req).db, filters, CSV_BATCH, offset);
    for (const p of rows) {
      const received = moneyReceived(p);
      lines.push(
        csvRow([
          lagosTime(new Date(p.created_at).toISOString()),
          p.reference,
          p.reference_number ?? paymentEntry(p).consultation,
          p.applicant_name,
          p.account_email,
          PROVIDER_LABELS[p.provider],
          PAYMENT_STATE_LABELS[p.state],
          p.currency,
          decimal(p.amount_minor),
          decimal(p.fee_usd_cents),
          p.rate_kobo_per_usd,
          p.payment_code,
          p.provider_reference,
          decimal(received?.minor ?? null),
          received?.currency,
          lagosTime(p.paid_at ? new Date(p.paid_at).toISOString() : null),
          p.receipt_code,
          p.decided_by_name,
          p.decision_note,
          decimal(p.refund_minor),
          // The part of Amount collected for the embassy, the visa centre or a supplier: not the consultancy's revenue.
          decimal(p.pass_through_minor),
        ]),
      );
    }
    if (rows.length < CSV_BATCH) break;
  }
  const today = lagosTime(new Date().toISOString()).slice(0, 10);
  res.status(200).set({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="payments-${today}.csv"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.send(lines.join(""));
}

/** GET /admin/payments/:id — one payment's facts, its proof, and a transfer's Confirm and Reject forms */
export async function paymentPage(req: Request, res: Response): Promise<void> {
  await renderPaymentPage(req, res);
}

/** POST /admin/payments/:id/confirm {received, proofUploadedAt} — the transfer arrived: settle it */
export async function confirmTransferForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(confirmTransferSchema, req.body);
  if (!parsed.ok) return paymentDecisionRefused(req, res, { status: 400, message: Object.values(parsed.fields)[0], fields: parsed.fields });
  const input = { paymentId: String(req.params.id), proofUploadedAt: parsed.data.proofUploadedAt, receivedMinor: parsed.data.received };
  const { settled } = orRefuse(await confirmTransfer(ctx(req), signedInActor(req, res), input));
  const toast =
    settled.result === "paid"
      ? { title: "Transfer confirmed", description: "The application is paid and the applicant has been sent the receipt." }
      : {
          title: "Needs attention",
          description: settled.payment.decision_note ?? "The payment could not be applied.",
          variant: "destructive" as const,
        };
  redirectWithFlash(req, res, `/admin/payments/${req.params.id}`, toast);
}

/** POST /admin/payments/held-transfers/:id/close {note} — staff applied or refunded a held transfer: it leaves the list */
export async function closeHeldTransferForm(req: Request, res: Response): Promise<void> {
  const note = typeof req.body?.note === "string" ? req.body.note : "";
  orRefuse(await closeHeldTransfer(ctx(req), signedInActor(req, res), { transferId: String(req.params.id), note }));
  redirectWithFlash(req, res, "/admin/payments", { title: "Held transfer closed", description: "It is in the audit trail with your note." });
}

/** POST /admin/payments/:id/reject {reason, proofUploadedAt} — the transfer could not be found or matched */
export async function rejectTransferForm(req: Request, res: Response): Promise<void> {
  const parsed = checkInput(rejectTransferSchema, req.body);
  if (!parsed.ok) return paymentDecisionRefused(req, res, { status: 400, message: Object.values(parsed.fields)[0], fields: parsed.fields });
  const input = { paymentId: String(req.params.id), proofUploadedAt: parsed.data.proofUploadedAt, reason: parsed.data.reason };
  orRefuse(await rejectTransfer(ctx(req), signedInActor(req, res), input));
  redirectWithFlash(req, res, `/admin/payments/${req.params.id}`, {
    title: "Transfer rejected",
    description: "The applicant has been told why by e-mail.",
  });
}
