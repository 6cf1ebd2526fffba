// Documents every Schengen country asks of a short-stay (up to 90 days) applicant, shared by Germany and Portugal.
import type { CatalogueItem } from "./types.ts";

export const schengenSource = {
  label: "European Commission: Schengen visa policy",
  href: "https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/visa-policy_en",
};

export const schengenForm: CatalogueItem = {
  key: "application-form",
  label: "Signed Schengen application form",
  hint: "The short-stay visa form filled in online, printed and signed by you (a parent signs for a child).",
  required: true,
  documentType: "other",
};

export const schengenInsurance: CatalogueItem = {
  key: "travel-insurance",
  label: "Travel medical insurance",
  hint: "Cover of at least €30,000 for the whole Schengen area and every day of the trip, including medical repatriation.",
  required: true,
  documentType: "other",
};

export const schengenFlight: CatalogueItem = {
  key: "flight-reservation",
  label: "Return flight reservation",
  hint: "A reservation with the dates on your form; do not buy the ticket before the visa is issued.",
  required: true,
  documentType: "other",
};

export const schengenAccommodation: CatalogueItem = {
  key: "accommodation",
  label: "Hotel booking or host's invitation",
  hint: "Bookings for every night, or your host's formal invitation with their address and ID or residence permit.",
  required: true,
  documentType: "other",
};

export const schengenBank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 3 to 6 months, stamped by the bank, showing enough money for each day of the stay.",
  required: true,
  documentType: "bank_statement",
};

export const schengenJob: CatalogueItem = {
  key: "employment-letter",
  label: "Employment letter and leave approval",
  hint: "On company letterhead, dated in the last month: role, salary, time in the job and the approved leave dates.",
  required: true,
  documentType: "employment_letter",
};

export const coverLetter: CatalogueItem = {
  key: "cover-letter",
  label: "Cover letter",
  hint: "Signed: the purpose and dates of the trip, your day-by-day plan, who pays and why you will return.",
  required: true,
  documentType: "other",
};

export const blockedAccount: CatalogueItem = {
  key: "bank-statement",
  label: "Proof of funds",
  hint: "A blocked account confirmation, a sponsor's formal obligation letter or a scholarship award covering the first year.",
  required: true,
  documentType: "bank_statement",
};
