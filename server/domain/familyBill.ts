// One bill for a family group (docs/decisions.md "One bill for a family group"): the lead's case carries the service
// fee of each person it covers — the lead's at the price list, each member's at the family rate staff may set — and
// the lines staff add, each of which may name the person it is for.

import type { Currency } from "./money.ts";
import { feeFor } from "./visa.ts";

/** What every way to pay on a covered member's case answers, and what its pages show instead of a fee. */
export const GROUP_BILL = (leadReference: string) => `This case is paid with the family group's bill, on ${leadReference}.`;

/** A member submitted after the group's bill was split or paid: it pays its own, and its page says why. */
export const OWN_BILL = (leadReference: string) =>
  `The family group's bill (on ${leadReference}) was already split or paid when this case was submitted, so its fee is paid on its own.`;

export const FAMILY_RATE_INVALID = "Enter the family rate as a whole percentage from 1 to 100, or clear it.";
export const FAMILY_RATE_REASON = "Say why the family rate is set or cleared.";
export const FAMILY_RATE_REASON_LONG = "Keep the reason under 500 characters.";
export const FAMILY_RATE_FROZEN = "The family group's bill is split or paid: its family rate can no longer change.";
export const NOT_A_GROUP = "This case leads no family group: a family rate is set on the lead applicant's case.";
export const PERSON_NOT_IN_GROUP = "Choose a person this bill covers: the lead applicant or a family member on it.";

/** A member's service fee in dollar cents: the price list of their visa type at the family rate (none: the full fee). */
export function memberFeeUsdCents(visaType: string | null | undefined, ratePercent: number | null | undefined): number {
  const full = feeFor(visaType) * 100;
  return ratePercent ? Math.round((full * ratePercent) / 100) : full;
}

/** Dollar cents in the bill's currency at `koboPerUsd` (Naira), rounded to the kobo; dollars as they are. */
export function minorOfUsd(usdCents: number, currency: Currency, koboPerUsd: number | undefined): number {
  return currency === "USD" || !koboPerUsd ? usdCents : Math.round((usdCents * koboPerUsd) / 100);
}

/** The percentage typed on the staff's form: a whole number 1–100, or undefined. */
export function parseFamilyRate(input: unknown): number | undefined {
  const text = typeof input === "string" ? input.trim().replace(/%$/, "").trim() : "";
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 100 ? n : undefined;
}

/** A member a family group's payment covers: their name and reference. */
export type Person = { full_name: string | null; reference_number: string };

/** "Chiamaka Eze (HG-…)": how a receipt names a member its payment covers. */
export const memberText = (m: Person): string => (m.full_name?.trim() ? `${m.full_name.trim()} (${m.reference_number})` : m.reference_number);

/** The same set of case ids, in any order. */
export const sameCover = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);
