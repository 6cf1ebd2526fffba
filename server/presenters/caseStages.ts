// The stages after approval as people read them: the applicant's timeline and next step in plain words ("your case
// officer" for the consultancy, the embassy or the centre's name for the government's side), the staff's list and
// forms, and the words of the applicant's e-mail at each stage.
import type { AfterApprovalProps, StageEntry } from "../../views/components/admin/afterApprovalTypes.ts";
import type { StageTimelineProps } from "../../views/components/portal/stageTimelineTypes.ts";
import { formatDate } from "../../views/lib/format.ts";
import type { CentreSettingsProps } from "../../views/pages/admin/centreTypes.ts";
import {
  authorityFor,
  CORRECTION_WINDOW_MS,
  laterStageSettled,
  nextStage,
  PORTAL_AUTHORITY,
  PORTAL_KEYS,
  PORTALS,
  type Portal,
  RETURN_METHODS,
  type ReturnMethod,
  SKIPPABLE,
  STAGE_TITLES,
  STAGES,
  type Stage,
} from "../domain/caseStages.ts";
import { eventFile } from "../mail/bookingInvite.ts";
import type { CaseStageRow, CentreRow, StageView } from "../models/caseStages.ts";
import { fileUrl } from "./files.ts";

const appointmentFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "Africa/Lagos",
});

/** "Tue 8 Dec, 09:30" in Lagos time. */
export function appointmentWhen(at: Date): string {
  const parts = Object.fromEntries(appointmentFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

export const bringList = (centre: Pick<CentreRow, "what_to_bring"> | null): string[] =>
  (centre?.what_to_bring ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

type Row = CaseStageRow & { centre?: CentreRow | null };

/** One line of what a recorded stage says, for both sides (the applicant's words: the embassy, the centre's name). */
export function stageLine(row: Row): string {
  if (row.state === "skipped") return `Skipped: ${row.skip_reason ?? ""}`;
  const d = row.details;
  switch (row.stage) {
    case "lodged": {
      const portal = PORTALS[d.portal as Portal];
      return `Lodged with ${PORTAL_AUTHORITY[d.portal as Portal] ?? "the embassy"} on ${formatDate(row.on_date)}${portal ? ` (${portal.referenceName} ${d.reference})` : ""}`;
    }
    case "appointment": {
      const where = row.centre?.name ?? "the visa centre";
      const when = row.appointment_at ? appointmentWhen(new Date(row.appointment_at)) : "";
      const ended = row.ended_as === "moved" ? " — moved" : row.ended_as === "missed" ? " — missed" : "";
      return `${when} at ${where} (reference ${d.centreReference})${ended}`;
    }
    case "biometrics":
      return `Attended on ${formatDate(row.on_date)}`;
    case "passport_held":
      return `The embassy has had the passport since ${formatDate(row.on_date)}`;
    case "decision":
      return d.outcome === "issued"
        ? `Visa issued on ${formatDate(row.on_date)}: ${d.visaType}, valid ${formatDate(d.validFrom)} to ${formatDate(d.validTo)}, ${d.entries === "multiple" ? "multiple entries" : "single entry"}`
        : `Visa refused on ${formatDate(row.on_date)}`;
    case "passport_returned":
      return `${RETURN_METHODS[d.method as ReturnMethod] ?? "Returned"} on ${formatDate(row.on_date)}${d.tracking ? ` (tracking ${d.tracking})` : ""}`;
  }
}

/** What comes next, in plain words for the applicant, given the current stages. */
/** `withBring`: the appointment's sentence lists what to bring (an e-mail); the timeline lists it in its own card. */
export function nextStepWords(current: Map<Stage, Row>, destination: string | null, now: Date, withBring = true): string {
  const lodged = current.get("lodged");
  const authority = lodged ? (PORTAL_AUTHORITY[lodged.details.portal as Portal] ?? "the embassy") : authorityFor(destination);
  const next = nextStage(new Set(current.keys()));
  const appointment = current.get("appointment");
  switch (next) {
    case "lodged":
      return `Your case officer will lodge your application with ${authority}.`;
    case "appointment":
      return "Your case officer will book your appointment at the visa centre and tell you when it is.";
    case "biometrics": {
      if (appointment?.state === "done" && appointment.appointment_at && new Date(appointment.appointment_at) > now) {
        const bring = withBring ? bringList(appointment.centre ?? null) : [];
        return `Your biometrics appointment: ${appointmentWhen(new Date(appointment.appointment_at))} at ${appointment.centre?.name ?? "the visa centre"}${bring.length ? ` — bring: ${bring.join("; ")}` : ""}.`;
      }
      return "Your case officer will record your biometrics or interview once you have attended.";
    }
    case "passport_held":
      return "If the embassy keeps your passport while it decides, your case officer will record when it has it.";
    case "decision":
      return `${capital(authority)} is deciding on your application. We will tell you as soon as the decision comes.`;
    case "passport_returned":
      return current.get("decision")?.details.outcome === "refused"
        ? "The visa was refused. Your case officer will talk you through the grounds and your options, and arrange your passport's return."
        : "Your case officer will arrange your passport's return and tell you how it comes back.";
    case null:
      return "Every step after approval is done.";
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const currentOf = (rows: StageView[]) => new Map(rows.filter((r) => r.ended_at === null).map((r) => [r.stage, r] as const));

const stageFile = (row: CaseStageRow) => (row.file_key && row.file_name ? { name: row.file_name, url: fileUrl({ stage: row.id }) } : null);

/** The applicant's timeline: each stage (done, skipped or to come), the next step, what to bring, and the invite. */
export function applicantTimeline(
  app: { id: string; destination_country: string | null },
  rows: StageView[],
  documentNames: string[],
  now: Date,
): StageTimelineProps {
  const current = currentOf(rows);
  const appointment = current.get("appointment");
  const upcoming =
    appointment?.state === "done" && appointment.appointment_at && !current.has("biometrics") && new Date(appointment.appointment_at) > now;
  return {
    steps: STAGES.map((stage) => {
      const row = current.get(stage);
      return {
        stage,
        title: STAGE_TITLES[stage],
        state: row ? row.state : "to_come",
        line: row ? stageLine(row) : null,
        date: row?.appointment_at ? new Date(row.appointment_at).toISOString() : (row?.on_date ?? null),
        file: row ? stageFile(row) : null,
      };
    }),
    nextStep: nextStepWords(current, app.destination_country, now, false),
    appointment:
      upcoming && appointment?.appointment_at
        ? {
            when: appointmentWhen(new Date(appointment.appointment_at)),
            centre: appointment.centre?.name ?? "the visa centre",
            address: appointment.centre?.address ?? "",
            reference: appointment.details.centreReference ?? "",
            bring: bringList(appointment.centre ?? null),
            documents: documentNames,
            inviteUrl: `/application/${app.id}/appointment.ics`,
          }
        : null,
  };
}

/** The staff's section: every row (moved and missed appointments too), and what can be done next. */
export function staffStages(
  app: { id: string; status: string },
  rows: StageView[],
  centres: CentreRow[],
  now: Date,
  refused: AfterApprovalProps["refused"],
  signature: AfterApprovalProps["signature"] = { state: "no-sheet", signedAt: null, pdfUrl: null, mayOverride: false },
): AfterApprovalProps {
  const current = currentOf(rows);
  const next = nextStage(new Set(current.keys()));
  const appointment = current.get("appointment");
  const entries: StageEntry[] = rows.map((r) => ({
    id: r.id,
    stage: r.stage,
    title: STAGE_TITLES[r.stage],
    state: r.state,
    line: stageLine(r),
    recordedBy: r.recorded_by_name ?? "A former staff member",
    recordedAt: new Date(r.recorded_at).toISOString(),
    correctedAt: r.corrected_at ? new Date(r.corrected_at).toISOString() : null,
    ended: r.ended_as ? { as: r.ended_as, by: r.ended_by_name ?? "A former staff member", at: new Date(r.ended_at ?? now).toISOString() } : null,
    file: stageFile(r),
    correctable: r.ended_at === null && r.state === "done" && now.getTime() - new Date(r.recorded_at).getTime() < CORRECTION_WINDOW_MS,
    undoable:
      r.ended_at === null &&
      r.state === "skipped" &&
      now.getTime() - new Date(r.recorded_at).getTime() < CORRECTION_WINDOW_MS &&
      !laterStageSettled(r.stage, new Set(current.keys())),
    values: formValues(r),
  }));
  return {
    applicationId: app.id,
    approved: app.status === "approved",
    entries,
    next: next ? { stage: next, title: STAGE_TITLES[next], skippable: SKIPPABLE.includes(next) } : null,
    appointmentOpen:
      appointment?.state === "done" && !current.has("biometrics")
        ? { id: appointment.id, passed: appointment.appointment_at ? new Date(appointment.appointment_at) <= now : false }
        : null,
    portals: PORTAL_KEYS.map((k) => ({ value: k, label: PORTALS[k].label, hint: PORTALS[k].example ? `e.g. ${PORTALS[k].example}` : null })),
    centres: centres.filter((c) => c.active).map((c) => ({ value: c.id, label: c.name })),
    returnMethods: Object.entries(RETURN_METHODS).map(([value, label]) => ({ value, label })),
    signature,
    refused,
  };
}

const lagosParts = (at: Date) => {
  const iso = new Date(at.getTime() + 60 * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/** A recorded stage's facts as its form's fields, for a correction. */
function formValues(r: CaseStageRow): Record<string, string> {
  const base: Record<string, string> = { ...r.details };
  if (r.on_date) base.date = r.on_date;
  if (r.appointment_at) Object.assign(base, lagosParts(new Date(r.appointment_at)));
  if (r.centre_id) base.centre = r.centre_id;
  if (r.stage === "appointment") base.reference = r.details.centreReference ?? "";
  if (r.stage === "decision") {
    base.visa_type = r.details.visaType ?? "";
    base.valid_from = r.details.validFrom ?? "";
    base.valid_to = r.details.validTo ?? "";
  }
  return base;
}

/** The e-mail's data for a stage recorded, moved, missed or corrected. */
export function stageMailData(
  row: Row,
  what: "recorded" | "moved" | "missed" | "corrected",
  next: string,
): { stage: string; stageTitle: string; headline: string; line: string; next: string } {
  const title = STAGE_TITLES[row.stage];
  const headline =
    what === "moved"
      ? "Your appointment has been moved."
      : what === "missed"
        ? "Your appointment was recorded as missed. Your case officer will book a new one with you."
        : what === "corrected"
          ? `We corrected the details of this step: ${title}.`
          : `A new step of your application is done: ${title}.`;
  return { stage: row.stage, stageTitle: title, headline, line: stageLine(row), next };
}

/** The visa centres' settings page. */
export function centreSettingsProps(rows: CentreRow[], refused: CentreSettingsProps["refused"]): CentreSettingsProps {
  return {
    centres: rows.map((r) => ({ id: r.id, name: r.name, address: r.address, whatToBring: r.what_to_bring, active: r.active })),
    refused,
  };
}

/**
 * The coming appointment as an iCalendar file (a published event the applicant adds to their calendar), or null when
 * none is booked. Its UID is the appointment row's: a moved appointment is a new event, the old one a past record.
 */
export function appointmentInvite(
  app: { id: string; reference_number: string },
  rows: StageView[],
  from: string | { name: string; address: string },
): string | null {
  const appointment = currentOf(rows).get("appointment");
  if (appointment?.state !== "done" || !appointment.appointment_at) return null;
  const startsAt = new Date(appointment.appointment_at);
  const bring = bringList(appointment.centre ?? null);
  const organizer =
    typeof from === "string"
      ? { name: from.replace(/\s*<.*>\s*$/, "") || from, email: /<([^>]+)>/.exec(from)?.[1] ?? from }
      : { name: from.name, email: from.address };
  return eventFile({
    uid: `appointment-${appointment.id}@visa-case`,
    sequence: 0,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 60 * 60_000),
    summary: `Visa appointment at ${appointment.centre?.name ?? "the visa centre"}`,
    description: [
      `Application ${app.reference_number}. Centre's reference: ${appointment.details.centreReference ?? ""}.`,
      bring.length ? `Bring: ${bring.join("; ")}.` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: appointment.centre?.address ?? null,
    cancelled: false,
    organizer,
  });
}

/** A lodged case's wait for its decision against its destination's usual time, in one line for the staff's section. */
export function embassyWaitView(w: {
  destination: string;
  lodgedOn: string;
  daysWaiting: number;
  usualDays: number;
  source: string;
  checkedOn: string;
}): {
  late: boolean;
  line: string;
} {
  const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);
  return {
    late: w.daysWaiting > w.usualDays,
    line: `${days(w.daysWaiting)} since lodging; ${w.destination} usually decides in ${days(w.usualDays)} (${w.source}, checked ${formatDate(w.checkedOn)}).`,
  };
}
