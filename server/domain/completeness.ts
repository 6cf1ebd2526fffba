// Whether an application may be submitted (DESIGN decision 4), and the passport-validity warnings of the review.
import type { ApplicationRow } from "../models/applications.ts";
import { type FormatProblem, formatProblems } from "./formats.ts";
import { fills, type RequirementItem, requirementsFor } from "./requirements.ts";
import { REQUIRED_FIELDS, SPECIFIC_FIELDS, type VisaType, WIZARD_STEPS } from "./visa.ts";

/** The wizard step where supporting documents are uploaded. */
export const DOCUMENTS_STEP = WIZARD_STEPS.indexOf("Supporting Documents") + 1;

export interface Missing {
  key: string;
  label: string;
  step: number;
}

export interface PassportCheck {
  /** Problems that block submission. */
  blocking: string[];
  warnings: string[];
}

const SCHENGEN = new Set([
  "austria",
  "belgium",
  "bulgaria",
  "croatia",
  "czech republic",
  "czechia",
  "denmark",
  "estonia",
  "finland",
  "france",
  "germany",
  "greece",
  "hungary",
  "iceland",
  "italy",
  "latvia",
  "liechtenstein",
  "lithuania",
  "luxembourg",
  "malta",
  "netherlands",
  "norway",
  "poland",
  "portugal",
  "romania",
  "slovakia",
  "slovenia",
  "spain",
  "sweden",
  "switzerland",
]);
const UK = new Set(["united kingdom", "uk", "england", "scotland", "wales", "northern ireland", "great britain"]);
const USA = new Set(["united states", "usa", "us", "united states of america", "america"]);

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** Calendar months later, kept in the target month: 3 months after 30 November is the end of February, not 1 March. */
const addMonths = (d: Date, months: number) => {
  const r = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return r;
};
const todayIso = () => new Date().toISOString().slice(0, 10);

/** Passport and date checks: an expired passport at departure blocks; the rest warn. */
export function passportCheck(
  app: Pick<
    ApplicationRow,
    "date_of_birth" | "passport_issue_date" | "passport_expiry_date" | "arrival_date" | "departure_date" | "destination_country"
  >,
  today = todayIso(),
): PassportCheck {
  const blocking: string[] = [];
  const warnings: string[] = [];
  const { date_of_birth: dob, passport_issue_date: issue, passport_expiry_date: expiry, arrival_date: arrival, departure_date: departure } = app;
  if (dob && dob > today) warnings.push("The date of birth is in the future.");
  if (issue && expiry && expiry <= issue) warnings.push("The passport expiry date is before its issue date.");
  if (issue && issue > today) warnings.push("The passport issue date is in the future.");
  if (arrival && departure && departure < arrival) warnings.push("The departure date is before the arrival date.");
  if (arrival && arrival < today) warnings.push("The arrival date is in the past.");
  const end = departure ?? arrival;
  if (expiry && end) {
    if (expiry < end) {
      blocking.push("Your passport expires before the end of your trip. Renew it before you apply.");
    } else {
      const country = (app.destination_country ?? "").trim().toLowerCase();
      let months = 6;
      let rule = "most countries ask for 6 months of validity beyond your stay";
      if (SCHENGEN.has(country)) {
        months = 3;
        rule = "Schengen countries require 3 months of validity beyond your departure";
      } else if (UK.has(country) || USA.has(country)) {
        months = 0;
      }
      if (months > 0 && day(expiry) < addMonths(day(end), months)) {
        warnings.push(`Your passport expires less than ${months} months after your trip: ${rule}.`);
      }
    }
  }
  return { blocking, warnings };
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** The required answers still blank; submission needs the passport scan and photo too (DESIGN decision 4). */
export function missingFields(app: ApplicationRow): Missing[] {
  const missing: Missing[] = [];
  for (const f of REQUIRED_FIELDS) if (blank(app[f.key as keyof ApplicationRow])) missing.push(f);
  if (blank(app.passport_scan_path)) missing.push({ key: "passport_scan_url", label: "Passport scan", step: 3 });
  if (blank(app.photo_path)) missing.push({ key: "photo_url", label: "Passport photo", step: 3 });
  for (const f of SPECIFIC_FIELDS[app.visa_type as VisaType] ?? []) {
    if (f.required && blank(app.visa_specific_data?.[f.key])) missing.push({ key: `visa_specific_data.${f.key}`, label: f.label, step: 6 });
  }
  if (app.criminal_history && blank(app.criminal_history_details))
    missing.push({ key: "criminal_history_details", label: "Criminal history details", step: 8 });
  if (app.prior_visa_refusals && blank(app.prior_visa_refusal_details))
    missing.push({ key: "prior_visa_refusal_details", label: "Visa refusal details", step: 8 });
  return missing;
}

/**
 * The required items of "Documents for your application" with no file yet. They only warn (docs/decisions.md): staff
 * can ask for a document after submission, and a consulate's list can differ from case to case.
 */
export function missingDocuments(
  app: Pick<ApplicationRow, "visa_type" | "destination_country"> & Partial<Pick<ApplicationRow, "group_relation">>,
  documents: { document_type: string; requirement_key: string | null }[],
): Missing[] {
  return stillMissing(app, documents).map((item) => ({ key: `documents.${item.key}`, label: item.label, step: DOCUMENTS_STEP }));
}

/** The required items of the application's list that no document fills (after submission, sent from the details page). */
export function stillMissing(
  app: Pick<ApplicationRow, "visa_type" | "destination_country"> & Partial<Pick<ApplicationRow, "group_relation">>,
  documents: { document_type: string; requirement_key: string | null }[],
): RequirementItem[] {
  return requirementsFor(app.visa_type ?? "", app.destination_country, app.group_relation).filter(
    (item) => item.required && !documents.some((d) => fills(item, d)),
  );
}

export interface SubmissionCheck {
  ok: boolean;
  missing: Missing[];
  /** Required documents of the application's list not uploaded yet: named, never blocking. */
  missingDocuments: Missing[];
  /** Answers given in a format that is not valid. */
  invalid: FormatProblem[];
  /** Passport problems that block submission. */
  blocking: string[];
  warnings: string[];
}

/**
 * Whether an application may be submitted today: nothing required missing, no invalid format, no blocking passport
 * problem. Given its documents, it also names the required documents not uploaded yet (which do not block).
 */
export function submissionCheck(
  app: ApplicationRow,
  {
    documents,
    today = todayIso(),
    readExpiry,
  }: {
    documents?: { document_type: string; requirement_key: string | null }[];
    today?: string;
    /** The expiry date read from the passport scan's zone: the validity rule goes by it rather than the typed one. */
    readExpiry?: string | null;
  } = {},
): SubmissionCheck {
  const missing = missingFields(app);
  const invalid = formatProblems(app);
  const { blocking, warnings } = passportCheck(readExpiry ? { ...app, passport_expiry_date: readExpiry } : app, today);
  const ok = missing.length === 0 && invalid.length === 0 && blocking.length === 0;
  return { ok, missing, missingDocuments: documents ? missingDocuments(app, documents) : [], invalid, blocking, warnings };
}
