// The shape of an answer sheet: the government's form for a destination, section by section and question by question
// in the form's own order and words, each question with the rule that gives its answer from the application.
import type { ApplicationFields } from "../applicationFields.ts";

/** An answer in the form's own format, or why there is none yet (what staff must still ask or check). */
export type SheetAnswer = { value: string } | { missing: string };

export interface SheetQuestion {
  /** The form's own number ("21") where it numbers its fields, else null. */
  number: string | null;
  /** The question in the form's words. */
  label: string;
  /** Whether the form cannot be lodged without it. */
  required: boolean;
  answer: (app: ApplicationFields) => SheetAnswer;
}

export interface SheetSection {
  title: string;
  questions: SheetQuestion[];
}

export interface FormSheet {
  /** Stable: the signature of a sheet and the staff page name it. */
  key: string;
  /** The form's name as the government gives it. */
  name: string;
  /** The official page of the form. */
  source: { label: string; href: string };
  /** The day the sections and questions were last compared with the form, "YYYY-MM-DD". */
  checked: string;
  /** ISO 3166 codes of the destinations lodged on this form. */
  destinations: readonly string[];
  sections: SheetSection[];
}
