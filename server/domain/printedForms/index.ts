// The printed forms kept (a map per form, beside its answer sheet), the one for a destination, and each box with the
// sheet's answer or why it is left empty: what the renderer writes and what the pages list as not filled.
import { type FilledSheet, FORM_SHEETS, sheetFor } from "../formSheets/index.ts";
import type { FormSheet } from "../formSheets/types.ts";
import { schengenPrintedForm } from "./schengen.ts";
import type { FieldBox, PrintedFormMap } from "./types.ts";

export type { PrintedFormMap } from "./types.ts";

/** Every printed form; another (Canada's IMM 5476 next) is one map here over its answer sheet. */
export const PRINTED_FORMS: readonly PrintedFormMap[] = [schengenPrintedForm];

/** The printed form and its sheet for a destination as typed ("Germany", "france"), or null where none is kept. */
export function printedFormFor(destination: string | null | undefined): { map: PrintedFormMap; sheet: FormSheet } | null {
  const sheet = sheetFor(destination);
  const map = sheet && PRINTED_FORMS.find((m) => m.sheetKey === sheet.key);
  return sheet && map ? { map, sheet } : null;
}

export interface FilledBox {
  box: FieldBox;
  /** The form's number of the question ("19"), or null for a form without numbers. */
  number: string | null;
  /** The caption printed in the box: the number and the question in the form's words. */
  caption: string;
  /** The answer written in the field, or null (left empty) with the reason in `missing`. */
  value: string | null;
  missing: string | null;
}

/** Each box of the map with its question's answer; a box whose question the sheet lacks is a mistake in the map. */
export function fillBoxes(map: PrintedFormMap, filled: FilledSheet): FilledBox[] {
  const questions = filled.sections.flatMap((s) => s.questions);
  return map.boxes.map((box) => {
    const q = questions.find((x) => x.label === box.takes);
    if (!q) throw new Error(`The printed form ${map.fileName} has a box for "${box.takes}", which its sheet does not ask`);
    return { box, number: q.number, caption: q.number ? `${q.number}. ${q.label}` : q.label, value: q.value, missing: q.missing };
  });
}

/** The numbers (or captions, for a form without numbers) of the boxes left empty, each once, in the form's order. */
export const notFilledNumbers = (boxes: FilledBox[]): string[] => [
  ...new Set(boxes.filter((b) => b.value === null).map((b) => b.number ?? b.caption)),
];

/** The answer sheet a map is filled from (undefined for a map naming no kept sheet: a mistake the tests catch). */
export const sheetOfMap = (map: PrintedFormMap): FormSheet | undefined => FORM_SHEETS.find((s) => s.key === map.sheetKey);
