// What happens after the consultancy approves a case: the stages of the government's side, in order, and the rules a
// record of one must meet (pure: the action reads the rows and the clock, these decide). The SPEC's statuses are the
// consultancy's own review and stay as they are; a stage is recorded only on an approved application.

export const STAGES = ["lodged", "appointment", "biometrics", "passport_held", "decision", "passport_returned"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_TITLES: Record<Stage, string> = {
  lodged: "Form lodged",
  appointment: "Appointment booked",
  biometrics: "Biometrics done / interview attended",
  passport_held: "Passport with the embassy",
  decision: "Decision",
  passport_returned: "Passport returned",
};

/** Stages that may not apply to a case (an e-visa has no appointment or passport to hand in). */
export const SKIPPABLE: readonly Stage[] = ["appointment", "biometrics", "passport_held", "passport_returned"];

/** Where the form is lodged, and the format of the government's reference where one is known. */
export const PORTALS = {
  ukvi: { label: "UKVI (United Kingdom)", reference: /^GWF\d{9}$/, example: "GWF012345678", referenceName: "GWF number" },
  ceac: { label: "US CEAC / DS-160", reference: /^AA[0-9A-Z]{8}$/, example: "AA00ABCDEF", referenceName: "DS-160 confirmation number" },
  ircc: { label: "IRCC (Canada)", reference: /^[A-Z]{1,2}\d{9}$/, example: "W123456789", referenceName: "IRCC application number" },
  schengen: { label: "A Schengen state's portal or paper form", reference: null, example: null, referenceName: "Reference" },
  other: { label: "Other", reference: null, example: null, referenceName: "Reference" },
} as const;
export type Portal = keyof typeof PORTALS;
export const PORTAL_KEYS = Object.keys(PORTALS) as Portal[];

/** Who the applicant's government side is, in plain words: "UKVI", "the U.S. embassy". */
export const PORTAL_AUTHORITY: Record<Portal, string> = {
  ukvi: "UKVI",
  ceac: "the U.S. embassy",
  ircc: "IRCC",
  schengen: "the embassy",
  other: "the embassy",
};

/** The authority a case will be lodged with before it is, read from its destination (free text). */
export function authorityFor(destination: string | null): string {
  const d = (destination ?? "").toLowerCase();
  if (/united kingdom|\buk\b|britain|england|scotland|wales/.test(d)) return "UKVI";
  if (/united states|\busa?\b|america/.test(d)) return "the U.S. embassy";
  if (/canada/.test(d)) return "IRCC";
  return "the embassy";
}

/** A reference in the portal's own format (upper case, no spaces), or the message saying which format is expected. */
export function checkReference(portal: Portal, reference: string): { ok: true; value: string } | { ok: false; message: string } {
  const p = PORTALS[portal];
  const value = p.reference ? reference.replace(/\s+/g, "").toUpperCase() : reference.trim();
  if (!value) return { ok: false, message: `Enter the ${p.referenceName}.` };
  if (p.reference && !p.reference.test(value)) return { ok: false, message: `Enter a ${p.referenceName} like ${p.example}.` };
  return { ok: true, value };
}

export const RETURN_METHODS = {
  centre: "Collected at the centre",
  courier: "Delivered by courier",
  office: "Collected from our office",
} as const;
export type ReturnMethod = keyof typeof RETURN_METHODS;

/** A recorded stage can be corrected for a day after it was recorded; after that it stands as the case's record. */
export const CORRECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

export const SKIP_UNDO_CLOSED =
  "This stage was skipped more than a day ago and can no longer be undone. Write an internal note about the mistake instead.";
export const notSkipped = (stage: Stage) => `"${STAGE_TITLES[stage]}" is not skipped: there is nothing to undo.`;
export const laterSettled = (stage: Stage) => `The skip of "${STAGE_TITLES[stage]}" cannot be undone: a later stage is recorded or skipped.`;

/** Whether a stage after `stage` has a current row (undoing `stage` would leave it out of order). */
export const laterStageSettled = (stage: Stage, current: ReadonlySet<Stage>): boolean =>
  STAGES.slice(STAGES.indexOf(stage) + 1).some((s) => current.has(s));

export const NOT_APPROVED = "The stages after approval can be recorded once the application is approved.";
export const CORRECTION_CLOSED =
  "This stage was recorded more than a day ago and can no longer be corrected. Write an internal note about the mistake instead.";
export const notSkippable = (stage: Stage) => `${STAGE_TITLES[stage]} cannot be skipped: every case has one.`;
export const previousFirst = (stage: Stage) => `Record or skip "${STAGE_TITLES[STAGES[STAGES.indexOf(stage) - 1]]}" before "${STAGE_TITLES[stage]}".`;
export const alreadyRecorded = (stage: Stage) => `"${STAGE_TITLES[stage]}" is already recorded: correct it instead.`;
export const notRecorded = (stage: Stage) => `"${STAGE_TITLES[stage]}" has not been recorded yet.`;
export const APPOINTMENT_PASSED_ON = "The appointment cannot be moved or marked missed once the biometrics or interview are recorded.";
export const NO_APPOINTMENT = "There is no booked appointment to move or mark missed.";
export const MISSED_NOT_YET = "An appointment can be marked missed only once its time has passed.";

/** The day (YYYY-MM-DD, Lagos) a current stage happened on, by stage; a skipped stage has none. */
export type StageDays = Partial<Record<Stage, string>>;

const short = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`;
};

const DAY_WORDS: Record<Stage, string> = {
  lodged: "the lodging date",
  appointment: "the appointment",
  biometrics: "the biometrics or interview date",
  passport_held: "the date the embassy took the passport",
  decision: "the decision date",
  passport_returned: "the return date",
};

/**
 * Whether `day` for `stage` keeps the stages in order (lodged ≤ appointment ≤ biometrics ≤ passport held ≤ decision ≤
 * passport returned) against the other stages' days, and is not in the future (an appointment normally is). The
 * message names what it clashes with, or null when the day is fine.
 */
export function dayRefusal(stage: Stage, day: string, others: StageDays, today: string): string | null {
  const i = STAGES.indexOf(stage);
  if (stage !== "appointment" && day > today) return `The date cannot be in the future (today is ${short(today)}).`;
  for (const [j, other] of STAGES.entries()) {
    const at = others[other];
    if (j === i || !at) continue;
    if (j < i && day < at) return `${capital(DAY_WORDS[stage])} cannot be before ${DAY_WORDS[other]} (${short(at)}).`;
    if (j > i && day > at) return `${capital(DAY_WORDS[stage])} cannot be after ${DAY_WORDS[other]} (${short(at)}).`;
  }
  return null;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether every stage before `stage` is done or skipped, given the stages that have a current row. */
export const previousSettled = (stage: Stage, current: ReadonlySet<Stage>): boolean =>
  STAGES.slice(0, STAGES.indexOf(stage)).every((s) => current.has(s));

/** The first stage with no current row: the one the staff form offers next (null once all are settled). */
export const nextStage = (current: ReadonlySet<Stage>): Stage | null => STAGES.find((s) => !current.has(s)) ?? null;
