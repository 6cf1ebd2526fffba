// GET /dashboard: the signed-in applicant's applications (newest first) and checklists.

import type { Request, Response } from "express";
import { formatMinor } from "../../../views/lib/money.ts";
import { ctx } from "../../context.ts";
import { relationLabel } from "../../domain/family.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { tabTotals } from "../../models/adminList.ts";
import { listForUser } from "../../models/applications.ts";
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

/** GET /dashboard — the applicant's applications and checklists */
export async function dashboardPage(req: Request, res: Response): Promise<void> {
  const userId = requireUserId(res);
  const { db } = ctx(req);
  const user = currentUser(res);
  // Staff who may open the panel (two-factor on) see what waits there: two sums over trigger-kept counts, no scan.
  const staff = user?.isAdmin && user.twoFactor;
  const [applications, checklists, confirmed, totals] = await Promise.all([
    listForUser(db, userId),
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
  await renderPage(
    req,
    res,
    "portal/Dashboard",
    {
      applications: applications.map((a) => {
        const open = requested.get(a.id);
        const leads = applications.some((m) => m.group_lead_id === a.id);
        const transfer = checking.get(a.id);
        return {
          ...applicationSummary(a),
          changesRequested: notes.get(a.id) ?? null,
          person: a.group_lead_id
            ? `${a.full_name ?? "Name not given yet"} · ${relationLabel(a.group_relation ?? "", a.group_relation_other)}`
            : leads
              ? `${a.full_name ?? "You"} · Lead of your family group`
              : null,
          transferChecking: transfer?.proof_uploaded_at
            ? { amountText: formatMinor(transfer.amount_minor, transfer.currency), proofAt: transfer.proof_uploaded_at.toISOString() }
            : null,
          next: nextStepOf(a, now, { transferChecking: Boolean(transfer), instalmentDue: instalments.get(a.id) }),
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
