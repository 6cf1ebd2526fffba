// GET /dashboard: the signed-in applicant's applications (newest first) and checklists, and an adult family member's
// own part of a family application they were invited to (paid and submitted by its lead).

import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import type { NextStep } from "../../../views/pages/portal/types.ts";
import { coveredBy } from "../../actions/payments/groupBill.ts";
import { ctx } from "../../context.ts";
import { relationLabel } from "../../domain/family.ts";
import { GROUP_BILL } from "../../domain/familyBill.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { tabTotals } from "../../models/adminList.ts";
import { type ApplicationRow, listAsMember, listForUser } from "../../models/applications.ts";
import { listChecklists } from "../../models/checklists.ts";
import { openRequestCounts } from "../../models/documentRequests.ts";
import { owedAfterPaid } from "../../models/instalments.ts";
import { transfersAwaitingStaff } from "../../models/payments.ts";
import { returnNotes } from "../../models/statusChanges.ts";
import { unreadCounts } from "../../models/thread.ts";
import { emailConfirmed } from "../../models/users.ts";
import { applicationSummary } from "../../presenters/application.ts";
import { requestSummary } from "../../presenters/documentRequests.ts";
import { nextStepOf } from "../../presenters/nextStep.ts";
import { renderPage } from "../../render/renderPage.ts";

/** A member's own part: paying and submitting are the lead's, so those steps lead to the member's application instead. */
function memberStep(row: ApplicationRow, next: NextStep): NextStep {
  const href = next.action?.href ?? "";
  if (href.startsWith("/payment/")) {
    return { text: "The lead applicant pays the family group's bill.", action: { label: "See your application", href: `/application/${row.id}` } };
  }
  if (href.endsWith("/review")) {
    return {
      text: "Your part is complete: the lead applicant submits the family group once everyone is ready.",
      action: { label: "Review your answers", href },
    };
  }
  return next;
}

/** GET /dashboard — the applicant's applications and checklists */
export async function dashboardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const user = currentUser(res);
  // Staff who may open the panel (two-factor on) see what waits there: two sums over trigger-kept counts, no scan.
  const staff = user?.isAdmin && user.twoFactor;
  const [applications, checklists, confirmed, totals] = await Promise.all([
    Promise.all([listForUser(db, userId), listAsMember(db, userId)]).then(([own, parts]) => [...own, ...parts]),
    listChecklists(db, userId),
    emailConfirmed(db, userId),
    staff ? tabTotals(db, userId) : null,
  ]);
  const now = new Date();
  const ids = applications.map((a) => a.id);
  const [notes, unread, requested, checking, instalments] = await Promise.all([
    returnNotes(
      db,
      applications.filter((a) => a.status === "draft").map((a) => a.id),
    ),
    unreadCounts(db, ids, "applicant"),
    openRequestCounts(db, ids),
    transfersAwaitingStaff(
      db,
      applications.filter((a) => a.payment_status === "pending").map((a) => a.id),
    ),
    owedAfterPaid(
      db,
      applications.filter((a) => a.payment_status === "paid").map((a) => a.id),
    ),
  ]);
  // A family member whose fee the lead's bill carries: its next step is the group's bill, not a payment of its own.
  const coveredRows = await Promise.all(
    applications
      .filter((a) => a.group_lead_id && a.payment_status === "pending" && a.status !== "draft")
      .map(async (a) => [a.id, await coveredBy(db, a)] as const),
  );
  const covered = new Map(coveredRows.filter((c): c is readonly [string, ApplicationRow] => Boolean(c[1])));
  await renderPage(
    req,
    res,
    "portal/Dashboard",
    {
      applications: applications.map((a) => {
        const open = requested.get(a.id);
        const leads = applications.some((m) => m.group_lead_id === a.id);
        const transfer = checking.get(a.id);
        const part = a.user_id !== userId;
        const lead = covered.get(a.id);
        const next = lead
          ? { text: GROUP_BILL(lead.reference_number), action: { label: "See the group's bill", href: `/payment/${lead.id}` } }
          : nextStepOf(a, now, { transferChecking: Boolean(transfer), instalmentDue: instalments.get(a.id) });
        return {
          ...applicationSummary(a),
          changesRequested: notes.get(a.id) ?? null,
          person: part
            ? `${a.full_name ?? "You"} · Your part of a family application`
            : a.group_lead_id
              ? `${a.full_name ?? "Name not given yet"} · ${relationLabel(a.group_relation ?? "", a.group_relation_other)}`
              : leads
                ? `${a.full_name ?? "You"} · Lead of your family group`
                : null,
          transferChecking: transfer?.proof_uploaded_at
            ? { amountText: formatMinor(transfer.amount_minor, transfer.currency), proofAt: transfer.proof_uploaded_at.toISOString() }
            : null,
          next: part ? memberStep(a, next) : next,
          unreadMessages: unread.get(a.id) ?? 0,
          documentsRequested: open ? requestSummary(open.count, open.dueOn, now) : null,
        };
      }),
      checklists,
      unconfirmedEmail: confirmed ? null : (res.locals.user?.email ?? null),
      staffDesk: totals ? { mine: totals.mine, unassigned: totals.unassigned } : null,
    },
    { title: "Your Visa Applications" },
  );
}
