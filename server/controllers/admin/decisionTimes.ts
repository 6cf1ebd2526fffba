// The usual decision time of each destination (managers, on the settings area) and the cases late at the embassy:
// lodged, no decision recorded, and waiting longer than their destination's usual time. A manager sees everyone's or
// one officer's; an officer their own cases', whatever the link names.
import type { Request, Response } from "express";
import { formatDate } from "../../../views/lib/format.ts";
import type { DecisionTimeSettingsProps, LateAtEmbassyProps } from "../../../views/pages/admin/decisionTimeTypes.ts";
import { setDecisionTime, setPublicFigures } from "../../actions/caseStages/decisionTimes.ts";
import { ctx } from "../../context.ts";
import { lagosDay } from "../../domain/calendar.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { currentUser } from "../../middleware/auth.ts";
import type { FormRefusal } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { LATE_AT_EMBASSY_LIMIT, lateAtEmbassy, listDecisionTimes, publicFiguresSetting } from "../../models/decisionTimes.ts";
import { listStaff } from "../../models/staffAvailability.ts";
import { renderPage } from "../../render/renderPage.ts";
import { DESTINATIONS } from "../../validation/decisionTimes.ts";
import { first } from "../../validation/listQuery.ts";

export const SETTINGS_URL = "/admin/settings/decision-times";

const dayWord = (n: number) => (n === 1 ? "1 day" : `${n} days`);

async function showSettings(
  req: Request,
  res: Response,
  status: number,
  refused: DecisionTimeSettingsProps["refused"],
  figuresRefused: string | null = null,
) {
  const saved = new Map((await listDecisionTimes(ctx(req).db)).map((r) => [r.destination, r]));
  const setting = await publicFiguresSetting(ctx(req).db);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const publicFigures: DecisionTimeSettingsProps["publicFigures"] = figuresRefused
    ? {
        source: body.source === "decisions" ? "decisions" : "written",
        months: typeof body.months === "string" ? body.months.slice(0, 10) : "",
        error: figuresRefused,
      }
    : { source: setting.from_decisions ? "decisions" : "written", months: String(setting.months), error: null };
  const typed = (refused ? (req.body ?? {}) : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 300) : "");
  const props: DecisionTimeSettingsProps = {
    today: lagosDay(new Date()),
    refused,
    publicFigures,
    destinations: DESTINATIONS.map((destination) => {
      const row = saved.get(destination);
      const entry = {
        destination,
        usualDays: row ? String(row.usual_days) : "",
        source: row?.source ?? "",
        checkedOn: row?.checked_on ?? "",
        updated: row ? `Set by ${row.updated_by_name ?? "a former staff member"}, ${formatDate(lagosDay(new Date(row.updated_at)))}` : null,
      };
      return refused?.destination === destination
        ? { ...entry, usualDays: str(typed.usual_days), source: str(typed.source), checkedOn: str(typed.checked_on) }
        : entry;
    }),
  };
  await renderPage(req, res, "admin/DecisionTimeSettings", props, { title: "Usual decision times", status });
}

/** GET /admin/settings/decision-times */
export const decisionTimesPage = (req: Request, res: Response) => showSettings(req, res, 200, null);

export const decisionTimeFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  showSettings(req, res, status, { destination: String(req.body?.destination ?? ""), message, fields: fields ?? {} });

/** POST /admin/settings/decision-times {destination, usual_days, source, checked_on} */
export async function decisionTimeForm(req: Request, res: Response): Promise<void> {
  const saved = orRefuse(await setDecisionTime(ctx(req), signedInActor(req, res), req.body ?? {}));
  redirectWithFlash(req, res, SETTINGS_URL, { title: "Usual decision time saved", description: `${saved.destination}: ${dayWord(saved.usualDays)}` });
}

export const publicFiguresFormRefused: FormRefusal = (req, res, { status, message }) => showSettings(req, res, status, null, message);

/** POST /admin/settings/public-figures {source: written|decisions, months} */
export async function publicFiguresForm(req: Request, res: Response): Promise<void> {
  const saved = orRefuse(await setPublicFigures(ctx(req), signedInActor(req, res), req.body ?? {}));
  redirectWithFlash(req, res, SETTINGS_URL, {
    title: "Success stories figures saved",
    description: saved.fromDecisions ? `From the decisions of the last ${saved.months} months` : "The written figures",
  });
}

/** GET /admin/late-at-embassy[?staff=<id>] */
export async function lateAtEmbassyPage(req: Request, res: Response): Promise<void> {
  const { db } = ctx(req);
  const today = lagosDay(new Date());
  const viewer = currentUser(res);
  const manager = actsAsManager(viewer);
  const staff = manager ? await listStaff(db) : [];
  const asked = first(req.query.staff);
  // An officer's list is their own cases, whatever the link names.
  const chosen = manager ? (staff.find((s) => s.id === asked)?.id ?? "") : (viewer?.id ?? "");
  const [rows, times] = await Promise.all([lateAtEmbassy(db, { today, assigneeId: chosen || undefined }), listDecisionTimes(db)]);
  const set = new Set(times.map((t) => t.destination));
  const props: LateAtEmbassyProps = {
    staffOptions: manager ? staff.map((s) => ({ value: s.id, label: s.full_name })) : null,
    staff: manager ? chosen : "",
    entries: rows.map((r) => ({
      id: r.id,
      caseHref: `/admin/application/${r.id}#after-approval`,
      name: r.applicant_name?.trim() || "Applicant",
      reference: r.reference_number,
      destination: r.destination,
      line: `Lodged ${formatDate(r.lodged_on)}: ${dayWord(r.days_waiting)} waiting, usually ${dayWord(r.usual_days)}`,
      officer: r.assignee_name ?? "Unassigned",
    })),
    limit: LATE_AT_EMBASSY_LIMIT,
    unset: DESTINATIONS.filter((d) => !set.has(d)),
    mayEdit: manager,
  };
  await renderPage(req, res, "admin/LateAtEmbassy", props, { title: "Late at the embassy" });
}
