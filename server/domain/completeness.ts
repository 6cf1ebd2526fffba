// Whether an application may be submitted (DESIGN decision 4), and the passport-validity warnings of the review.
import type { ApplicationRow } from "../models/applications.ts";
import { REQUIRED_FIELDS, SPECIFIC_FIELDS, type VisaType } from "./visa.ts";

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
const addMonths = (d: Date, months: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
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

/** What the application lacks before it can be submitted, the passport scan and photo included (DESIGN decision 4). */
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
