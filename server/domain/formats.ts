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

export interface FormatProblem {
  key: string;
  label: string;
  step: number;
  message: string;
}

const isPhone = (v: string) => parsePhoneNumberFromString(v, DEFAULT_COUNTRY)?.isValid() ?? false;

const CHECKS: {
  key: "phone" | "emergency_contact_phone" | "email" | "passport_number";
  label: string;
  step: number;
  ok: (v: string) => boolean;
  message: string;
}[] = [
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
