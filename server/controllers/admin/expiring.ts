// /admin/expiring: passports and visas expiring, for a call — open cases whose passport expires within six months of
// the planned return date, and issued visas ending within 30 days for clients with more than one application. A
// manager sees everyone's; an officer their own cases'.
import type { Request, Response } from "express";
import { formatDate } from "../../../views/lib/format.ts";
import type { ExpiringEntry, ExpiringProps } from "../../../views/pages/admin/expiringTypes.ts";
import { ctx } from "../../context.ts";
import { addDays, lagosDay } from "../../domain/calendar.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { currentUser } from "../../middleware/auth.ts";
import { EXPIRING_LIMIT, shortPassports, visasEnding } from "../../models/expiring.ts";
import { renderPage } from "../../render/renderPage.ts";

/** Issued visas ending within this many days are listed. */
export const VISA_ENDING_DAYS = 30;

const entry = (
  r: {
    id: string;
    reference_number: string;
    full_name: string | null;
    phone: string | null;
    destination_country: string | null;
    assignee_name: string | null;
  },
  line: string,
): ExpiringEntry => ({
  id: r.id,
  caseHref: `/admin/application/${r.id}`,
  name: r.full_name?.trim() || "Applicant",
  reference: r.reference_number,
  destination: r.destination_country ?? "",
  line,
  phone: r.phone,
  officer: r.assignee_name ?? "Unassigned",
});

/** GET /admin/expiring */
export async function expiringPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const today = lagosDay(new Date());
  const viewer = currentUser(res);
  const own = !actsAsManager(viewer);
  const assigneeId = own ? viewer?.id : undefined;
  const [passports, visas] = await Promise.all([
    shortPassports(db, { today, assigneeId }),
    visasEnding(db, { today, until: addDays(today, VISA_ENDING_DAYS), assigneeId }),
  ]);
  const props: ExpiringProps = {
    own,
    passports: passports.map((r) => entry(r, `Passport expires ${formatDate(r.passport_expiry_date)}; returns ${formatDate(r.departure_date)}`)),
    visas: visas.map((r) =>
      entry(r, `${r.visa_type ? `${r.visa_type} visa` : "Visa"} ends ${formatDate(r.valid_to)} · ${r.applications} applications with us`),
    ),
    limit: EXPIRING_LIMIT,
  };
  await renderPage(req, res, "admin/Expiring", props, { title: "Passports and visas expiring" });
}
