// What the passport scan's zone said beside the answers kept: for the staff's case page (and the applicant's offer).
// Nationality and issuing state are ICAO codes (NGA) where the form has words (Nigerian): shown, never compared.
import type { PassportOfferView } from "../../views/pages/portal/types.ts";
import type { PassportReadRow } from "../models/passportReads.ts";

export interface PassportZoneView {
  /** none: no scan, or one not read yet. */
  state: "none" | "pending" | "read" | "unreadable";
  /** Each answer that differs from the zone: its label, the zone's value and the kept answer. */
  differences: { field: string; label: string; read: string; kept: string }[];
  /** The codes read, shown as read. */
  nationality: string | null;
  issuingState: string | null;
}

interface Answers {
  full_name: string | null;
  passport_number: string | null;
  date_of_birth: string | null;
  gender: string | null;
  passport_expiry_date: string | null;
}

const letters = (s: string | null) =>
  (s ?? "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, " ")
    .trim();
const SEX: Record<string, string> = { M: "male", F: "female" };

export function passportZoneView(read: PassportReadRow | undefined, app: Answers): PassportZoneView {
  if (!read) return { state: "none", differences: [], nationality: null, issuingState: null };
  if (read.state !== "read" || !read.fields) return { state: read.state, differences: [], nationality: null, issuingState: null };
  const z = read.fields;
  const differences: PassportZoneView["differences"] = [];
  const name = `${z.givenNames} ${z.surname}`.trim();
  const typed = letters(app.full_name);
  if (typed !== name && typed !== `${z.surname} ${z.givenNames}`.trim())
    differences.push({ field: "full_name", label: "Full name", read: name, kept: app.full_name ?? "" });
  if ((app.passport_number ?? "").toUpperCase().replace(/\s+/g, "") !== z.number)
    differences.push({ field: "passport_number", label: "Passport number", read: z.number, kept: app.passport_number ?? "" });
  if (app.date_of_birth !== z.birthDate)
    differences.push({ field: "date_of_birth", label: "Date of birth", read: z.birthDate, kept: app.date_of_birth ?? "" });
  if (SEX[z.sex] && app.gender !== SEX[z.sex]) differences.push({ field: "gender", label: "Gender", read: SEX[z.sex], kept: app.gender ?? "" });
  if (app.passport_expiry_date !== z.expiryDate)
    differences.push({ field: "passport_expiry_date", label: "Expiry date", read: z.expiryDate, kept: app.passport_expiry_date ?? "" });
  return { state: "read", differences, nationality: z.nationality, issuingState: z.issuingState };
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/** What step 3 offers its owner from the zone: the answers in the form's own formats (names in title case). */
export function passportOffer(reading: boolean, read: PassportReadRow | undefined): PassportOfferView {
  if (!reading) return { state: "off" };
  if (!read) return { state: "none" };
  if (read.state !== "read" || !read.fields) return { state: read.state };
  const z = read.fields;
  const fields: PassportOfferView["fields"] = {
    full_name: titleCase(`${z.givenNames} ${z.surname}`.trim()),
    passport_number: z.number,
    date_of_birth: z.birthDate,
    passport_expiry_date: z.expiryDate,
  };
  // An "X" (unspecified) has no answer among the form's genders: nothing is offered for it.
  if (SEX[z.sex]) fields.gender = SEX[z.sex];
  return { state: "read", fields, nationality: z.nationality, issuingState: z.issuingState };
}
