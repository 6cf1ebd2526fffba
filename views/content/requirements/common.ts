// Documents many destinations ask for in the same words, shared so a change is made once.
import type { CatalogueItem } from "./types.ts";

export const travelHistory: CatalogueItem = {
  key: "travel-history",
  label: "Previous passports and visas",
  hint: "Data pages of old passports and any visas or entry stamps from the last 10 years: they show you travel and return.",
  required: false,
  documentType: "other",
};

export const businessRegistration: CatalogueItem = {
  key: "business-registration",
  label: "Business registration (if self-employed)",
  hint: "CAC certificate and status report, plus the business's bank statements for the last 6 months.",
  required: false,
  documentType: "other",
};

export const payslips: CatalogueItem = {
  key: "payslips",
  label: "Payslips",
  hint: "Your last 3 months of payslips, matching the salary paid into the bank statement.",
  required: false,
  documentType: "other",
};

export const policeCertificate: CatalogueItem = {
  key: "police-certificate",
  label: "Police character certificate",
  hint: "From the Nigeria Police Force (CID), issued in the last 6 months, for every country you have lived in for a year or more as an adult.",
  required: true,
  documentType: "other",
};

export const relationshipEvidence: CatalogueItem = {
  key: "relationship-evidence",
  label: "Evidence of your relationship",
  hint: "Photos together over time, call and chat records, travel together and any shared tenancy or accounts.",
  required: true,
  documentType: "other",
};

export const cv: CatalogueItem = {
  key: "cv",
  label: "CV",
  hint: "Your work history with dates, employers and duties, in English, matching your reference letters.",
  required: false,
  documentType: "other",
};
