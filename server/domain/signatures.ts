// What the applicant signs before staff lodge the government's form: the answer sheet's questions and answers exactly as
// shown to them, as canonical JSON (keys sorted, no spaces), and its SHA-256. A signature stands while the hash of the
// sheet filled in from the current answers is the one signed; any changed answer changes the hash and voids it.
import { createHash } from "node:crypto";
import type { FilledSheet } from "./formSheets/index.ts";

export interface SignedQuestion {
  number: string | null;
  question: string;
  /** The answer as the form will get it, or what is still missing (staff complete it from the applicant's word). */
  answer: string;
  answered: boolean;
}

export interface SignedContent {
  sheet: string;
  form: string;
  questions: SignedQuestion[];
}

/** The sheet in plain words, as the applicant reads and signs it. */
export function signedContent(sheet: FilledSheet): SignedContent {
  return {
    sheet: sheet.key,
    form: sheet.name,
    questions: sheet.sections.flatMap((s) =>
      s.questions.map((q) => ({
        number: q.number,
        question: q.label,
        answer: q.value ?? q.missing ?? "",
        answered: q.value !== null,
      })),
    ),
  };
}

/** JSON with every object's keys in order and no spaces: one text for one content, whoever builds it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

export const contentHash = (content: SignedContent): string => createHash("sha256").update(canonicalJson(content)).digest("hex");

/** The public check's code: 10 characters of 32 (no 0/O, 1/I), like a receipt's. */
export const normaliseSignatureCode = (raw: string) => raw.replace(/[\s-]/g, "").toUpperCase().slice(0, 40);

/** The typed name must be the application's full name (case and spacing aside): it is the name the form is lodged under. */
export const sameName = (typed: string, fullName: string | null) =>
  typed.trim().replace(/\s+/g, " ").toLowerCase() === (fullName ?? "").trim().replace(/\s+/g, " ").toLowerCase();

export const NOT_APPROVED_TO_SIGN = "The answer sheet can be signed once the application is approved.";
export const NO_SHEET = "There is no answer sheet for this destination yet: we will send you the form to sign.";
export const ANSWERS_CHANGED = "An answer changed while you were reading. Review the sheet again and sign it.";
export const ALREADY_SIGNED = "You have already signed this sheet.";
export const typeYourName = (fullName: string | null) => `Type your full name as on the application: ${fullName ?? ""}`.trim();
export const CONFIRM_FIRST = "Tick the box to confirm the answers are true and complete.";
export const BAD_DRAWING = "The drawn signature could not be read. Clear it and draw again, or leave it empty and sign by typing your name.";
export const UNSIGNED_LODGING =
  "The applicant has not signed the answer sheet (or an answer changed since they signed). Ask them to sign it, or a manager can record the lodging with a reason.";
export const OVERRIDE_MANAGERS_ONLY = "Only a manager can record the lodging without the applicant's signature.";
export const NO_SIGNATURE = "No signed document has this code";
