// GET /admin/export.csv: the admin list with its current filters and order, as a spreadsheet-safe CSV download.
import type { Request, Response } from "express";
import { recordExport } from "../../actions/exports/recordExport.ts";
import { ctx } from "../../context.ts";
import { lateCutoffs } from "../../domain/deadlines.ts";
import { signedInActor } from "../../http/actions.ts";
import { openExport } from "../../models/adminExport.ts";
import { deadlineLimits } from "../../models/assignments.ts";
import { listRow } from "../../presenters/admin.ts";
import { CSV_BOM, csvRow, lagosTime } from "../../render/csv.ts";
import { parseListQuery, toFilters } from "../../validation/listQuery.ts";

/** Waits for the socket to take more, or to close (a client that went away must not hold the cursor open). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

export const CSV_HEADER = [
  "Reference",
  "Applicant",
  "Email",
  "Account name",
  "Account email",
  "Visa Type",
  "Destination",
  "Status",
  "Payment status",
  "Amount paid (USD)",
  "Payment reference",
  "Submitted (Lagos time)",
  "Created (Lagos time)",
];

/** GET /admin/export.csv — the list's matches as CSV, streamed */
export async function exportFile(req: Request, res: Response): Promise<void> {
  // Page and size are ignored: the export is the whole filtered list.
  const query = parseListQuery(req);
  const cutoffs = lateCutoffs(await deadlineLimits(ctx(req).db), new Date());
  const cursor = await openExport(ctx(req).db, toFilters(query, cutoffs));
  const { page: _page, size: _size, ...filter } = query;
  await recordExport(ctx(req), signedInActor(req, res), { filter });
  try {
    const today = lagosTime(new Date().toISOString()).slice(0, 10);
    res.status(200);
    res.set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-${today}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    res.write(CSV_BOM + csvRow(CSV_HEADER));
    for (let batch = await cursor.next(); batch.length > 0 && !res.destroyed; batch = await cursor.next()) {
      const chunk = batch
        .map((row) => {
          const view = listRow(row);
          return csvRow([
            view.reference,
            view.applicantName,
            view.applicantEmail,
            row.account_name,
            row.account_email,
            view.visaTypeLabel,
            view.destination,
            view.statusLabel,
            view.paymentStatus === "paid" ? "Paid" : "Pending",
            row.amount_paid === null ? "" : Number(row.amount_paid).toFixed(2),
            row.payment_reference,
            lagosTime(view.submittedAt),
            lagosTime(view.createdAt),
          ]);
        })
        .join("");
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  } finally {
    await cursor.close();
  }
}
