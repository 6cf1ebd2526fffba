// The answer sheets of the forms the consultancy lodges, the sheet for a case's destination, and a sheet filled in
// from an application's answers (every question answered or listed as missing, never left blank).
import type { ApplicationFields } from "../applicationFields.ts";
import { countryCode } from "./answers.ts";
import { schengenSheet } from "./schengen.ts";
import type { FormSheet, SheetAnswer } from "./types.ts";
import { ukVisitorSheet } from "./ukVisitor.ts";
import { usDs160Sheet } from "./usDs160.ts";

export type { FormSheet } from "./types.ts";

/** Every sheet; a new form (Canada's IRCC next) is one module here. */
export const FORM_SHEETS: readonly FormSheet[] = [schengenSheet, ukVisitorSheet, usDs160Sheet];

/** The sheet lodged for a destination as typed ("uk", "Germany", "France"), or null where none is kept yet. */
export function sheetFor(destination: string | null | undefined): FormSheet | null {
  const code = countryCode(destination);
  return (code && FORM_SHEETS.find((s) => s.destinations.includes(code))) || null;
}

export interface FilledQuestion {
  number: string | null;
  label: string;
  required: boolean;
  /** The answer in the form's format, or null with the reason in `missing`. */
  value: string | null;
  missing: string | null;
}

export interface FilledSheet {
  key: string;
  name: string;
  source: { label: string; href: string };
  checked: string;
  sections: { title: string; questions: FilledQuestion[] }[];
}

const settle = (a: SheetAnswer): { value: string | null; missing: string | null } =>
  "value" in a && a.value.trim() !== ""
    ? { value: a.value, missing: null }
    : { value: null, missing: "missing" in a ? a.missing : "Not answered yet" };

/** The sheet with the application's answers: an empty or failing answer is never blank, always a reason. */
export function fillSheet(sheet: FormSheet, app: ApplicationFields): FilledSheet {
  return {
    key: sheet.key,
    name: sheet.name,
    source: sheet.source,
    checked: sheet.checked,
    sections: sheet.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => ({ number: q.number, label: q.label, required: q.required, ...settle(q.answer(app)) })),
    })),
  };
}

/** The questions still without an answer, in the form's order. */
export const unanswered = (sheet: FilledSheet) => sheet.sections.flatMap((s) => s.questions.filter((q) => q.value === null));
