// Formats of free-text answers: phones stored as E.164, passport numbers upper-case; what is still wrong is reported.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

/** The applicants are in Nigeria: a number written locally (0803…) is a Nigerian one. */
const DEFAULT_COUNTRY = "NG";

/** "0803 111 2222", "+234.803.111.2222" → "+2348031112222"; what cannot be read as a phone number stays as typed. */
export function normalisePhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : value;
}

/** "a12 345 678" → "A12345678". */
export const normalisePassport = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** C0 controls (line breaks and tabs among them), DEL and the C1 controls (U+0085, a line break too). */
export const hasControlChar = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

export const ONE_LINE = "Must be one line, without line breaks or tabs";

export interface FormatProblem {
  key: string;
  label: string;
  step: number;
  message: string;
}

const isPhone = (v: string) => parsePhoneNumberFromString(v, DEFAULT_COUNTRY)?.isValid() ?? false;

const CHECKS: {
  key: "full_name" | "phone" | "emergency_contact_phone" | "email" | "passport_number";
  label: string;
  step: number;
  ok: (v: string) => boolean;
  message: string;
}[] = [
  // Saves refuse it now (validation/text.ts); a draft saved before then is held here, before the office's e-mail names the person.
  { key: "full_name", label: "Full name", step: 2, ok: (v) => !hasControlChar(v), message: ONE_LINE },
  {
    key: "passport_number",
    label: "Passport number",
    step: 3,
    ok: (v) => /^[A-Z0-9]{5,20}$/.test(v),
    message: "Letters and digits only, 5 to 20 characters",
  },
  { key: "phone", label: "Phone number", step: 4, ok: isPhone, message: "Enter a valid phone number" },
  { key: "email", label: "Email", step: 4, ok: (v) => z.email().safeParse(v).success, message: "Enter a valid email address" },
  { key: "emergency_contact_phone", label: "Emergency contact phone", step: 4, ok: isPhone, message: "Enter a valid phone number" },
];

/** Answers given but not in a valid format (a draft stores them anyway; submission waits until they are fixed). */
export function formatProblems(app: Partial<Record<(typeof CHECKS)[number]["key"], string | null>>): FormatProblem[] {
  return CHECKS.flatMap((c) => {
    const v = app[c.key];
    return v && !c.ok(v) ? [{ key: c.key, label: c.label, step: c.step, message: c.message }] : [];
  });
}

/** The same problems keyed by field, as the wizard shows them next to each field. */
export const problemFields = (problems: FormatProblem[]) => Object.fromEntries(problems.map((p) => [p.key, p.message]));
