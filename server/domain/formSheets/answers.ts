// The answers in each form's own format: dates as the form writes them, countries as its lists spell them, phones with
// their country code, a name split into surname and given names. Each gives a value or says what is missing.
import { getCountries, parsePhoneNumberFromString } from "libphonenumber-js";
import type { ApplicationFields } from "../applicationFields.ts";
import { SPECIFIC_FIELDS, type VisaType } from "../visa.ts";
import type { SheetAnswer } from "./types.ts";

export const NOT_ANSWERED = "Not answered yet";

const given = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** The field as typed, or "not answered yet". */
export const text = (value: string | null | undefined): SheetAnswer => (given(value) ? { value: value.trim() } : { missing: NOT_ANSWERED });

/** A question the application does not ask: staff get it from the applicant. */
export const notAsked = (what: string) => (): SheetAnswer => ({ missing: `Not asked in our application: ${what}` });

/** A date stored as YYYY-MM-DD in the form's order: "DD-MM-YYYY", "DD/MM/YYYY" or the DS-160's "14-MAY-1992". */
export function date(value: string | null | undefined, style: "dmy-dash" | "dmy-slash" | "ds160"): SheetAnswer {
  const m = given(value) ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return { missing: NOT_ANSWERED };
  const [, y, mo, d] = m;
  if (style === "dmy-slash") return { value: `${d}/${mo}/${y}` };
  if (style === "ds160") {
    const month = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][Number(mo) - 1];
    return { value: `${d}-${month}-${y}` };
  }
  return { value: `${d}-${mo}-${y}` };
}

/** "+2348031112222" → "+234 803 111 2222" (the country code first, as every form asks). */
export function phone(value: string | null | undefined): SheetAnswer {
  if (!given(value)) return { missing: NOT_ANSWERED };
  const parsed = parsePhoneNumberFromString(value, "NG");
  return parsed?.isValid() ? { value: parsed.formatInternational() } : { missing: `Not a valid phone number: "${value}"` };
}

const REGION = new Intl.DisplayNames(["en"], { type: "region" });
/** Where the English name of the region list is not how the forms' lists spell it. */
const NAME_OVERRIDES: Record<string, string> = {
  CD: "Congo, Democratic Republic of the",
  CG: "Congo, Republic of the",
  CI: "Cote d'Ivoire",
  HK: "Hong Kong",
  MO: "Macau",
  PS: "Palestine",
};
const COUNTRY_NAMES = new Map(getCountries().map((code) => [code as string, NAME_OVERRIDES[code] ?? REGION.of(code) ?? code]));

/** Nationalities applicants type in place of a country, and other common ways of writing one. */
const ALIASES: Record<string, string> = {
  nigerian: "NG",
  ghanaian: "GH",
  british: "GB",
  uk: "GB",
  greatbritain: "GB",
  britain: "GB",
  england: "GB",
  american: "US",
  usa: "US",
  us: "US",
  unitedstatesofamerica: "US",
  america: "US",
  canadian: "CA",
  german: "DE",
  french: "FR",
  italian: "IT",
  spanish: "ES",
  portuguese: "PT",
  dutch: "NL",
  holland: "NL",
  cameroonian: "CM",
  beninese: "BJ",
  togolese: "TG",
  southafrican: "ZA",
  kenyan: "KE",
  indian: "IN",
  chinese: "CN",
  uae: "AE",
  emirati: "AE",
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
const BY_NAME = new Map([...COUNTRY_NAMES].map(([code, name]) => [squash(name), code]));

/** The ISO code of a country or nationality as typed ("Nigeria", "nigerian", "U.K."), or null. */
export function countryCode(value: string | null | undefined): string | null {
  if (!given(value)) return null;
  const s = squash(value);
  return BY_NAME.get(s) ?? ALIASES[s] ?? null;
}

/** A country in the form's list's spelling (upper case for the DS-160's lists). */
export function country(value: string | null | undefined, upper = false): SheetAnswer {
  if (!given(value)) return { missing: NOT_ANSWERED };
  const code = countryCode(value);
  if (!code) return { missing: `Not a country on the form's list: "${value.trim()}"` };
  const name = COUNTRY_NAMES.get(code) ?? code;
  return { value: upper ? name.toUpperCase() : name };
}

/** The last word of the full name is taken as the surname, as the passport's data page usually orders it. */
export function nameParts(fullName: string | null | undefined): { surname: string; given: string } | null {
  if (!given(fullName)) return null;
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return null;
  return { surname: words[words.length - 1], given: words.slice(0, -1).join(" ") };
}
export const surname = (fullName: string | null | undefined, upper = false): SheetAnswer => {
  const p = nameParts(fullName);
  if (!p) return given(fullName) ? { missing: "Only one name given: ask for the surname as in the passport" } : { missing: NOT_ANSWERED };
  return { value: upper ? p.surname.toUpperCase() : p.surname };
};
export const givenNames = (fullName: string | null | undefined, upper = false): SheetAnswer => {
  const p = nameParts(fullName);
  if (!p) return given(fullName) ? { missing: "Only one name given: ask for the given names as in the passport" } : { missing: NOT_ANSWERED };
  return { value: upper ? p.given.toUpperCase() : p.given };
};

/** One of the form's choices for a stored value, e.g. "female" → "Female"; a value the form has no box for is missing. */
export const choice =
  (words: Record<string, string>) =>
  (value: string | null | undefined): SheetAnswer => {
    if (!given(value)) return { missing: NOT_ANSWERED };
    const word = words[value];
    return word ? { value: word } : { missing: `The form has no choice for "${value}"` };
  };

/** A yes/no flag as the form asks it, with the applicant's details after a yes. */
export function yesNo(flag: boolean, details: string | null, yes = "Yes", no = "No"): SheetAnswer {
  if (!flag) return { value: no };
  return given(details) ? { value: `${yes}: ${details.trim()}` } : { missing: "Answered yes, but the details are not given yet" };
}

/** A visa-specific answer (employer, host, institution) when the application's visa type asks it. */
export function specific(app: ApplicationFields, key: string): SheetAnswer {
  const asked = SPECIFIC_FIELDS[app.visa_type as VisaType]?.some((f) => f.key === key);
  if (!asked) return { missing: `Not asked for a ${app.visa_type ?? "visa"} application` };
  return text(app.visa_specific_data?.[key]);
}

/** The first answer that has a value, else the first one's reason. */
export function firstOf(...answers: SheetAnswer[]): SheetAnswer {
  return answers.find((a) => "value" in a) ?? answers[0];
}

/** Whole days from arrival to departure ("14 days"), for a form asking the length of stay. */
export function stayLength(app: ApplicationFields): SheetAnswer {
  if (!given(app.arrival_date) || !given(app.departure_date)) return { missing: NOT_ANSWERED };
  const days = Math.round((Date.parse(app.departure_date) - Date.parse(app.arrival_date)) / 86_400_000) + 1;
  return days > 0 ? { value: `${days} days` } : { missing: "The departure date is before the arrival date" };
}
