// Shapes of the documents catalogue: what an applicant from Nigeria is asked for, per visa type and destination.
import type { SourceLink } from "../types.ts";

/** The visa types of the wizard's first step (SPEC §3). */
export type CatalogueVisaType = "tourist" | "work" | "study" | "family" | "business";

/** The document types SPEC §3 stores a file as; `other` when none fits (the item's label then names it). */
export type CatalogueDocumentType =
  | "bank_statement"
  | "employment_letter"
  | "invitation_letter"
  | "admission_letter"
  | "transcript"
  | "birth_certificate"
  | "marriage_certificate"
  | "other";

export interface CatalogueItem {
  /** Stable, unique within its list, lowercase words joined by hyphens ("bank-statement"): uploads are filed under it. */
  key: string;
  /** What the applicant uploads, in a few words. */
  label: string;
  /** One line: what the document must show, how recent, in which language. */
  hint: string;
  required: boolean;
  /** Each SPEC type at most once in a list (one file per type); `other` as often as needed (one file per item). */
  documentType: CatalogueDocumentType;
}

export interface RequirementList {
  /** The visa or permit the list is for, e.g. "Standard Visitor visa". */
  visa: string;
  /** The day the list was last checked against its sources, "YYYY-MM-DD". */
  reviewed: string;
  /** The official pages the list comes from. */
  sources: SourceLink[];
  items: CatalogueItem[];
}

export interface DestinationRequirements {
  /** The country, as the site names it. */
  destination: string;
  /** Other ways applicants write it in the wizard ("UK", "Britain"); matching ignores case, spaces and punctuation. */
  aliases: string[];
  lists: Record<CatalogueVisaType, RequirementList>;
}
