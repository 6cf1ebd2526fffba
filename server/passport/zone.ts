// The passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters) from OCR text. Fields are given
// only when every check digit passes: a wrong value offered to the applicant is worse than none.
import { parse } from "mrz";

export interface PassportZone {
  surname: string;
  givenNames: string;
  number: string;
  nationality: string;
  /** YYYY-MM-DD */
  birthDate: string;
  sex: "M" | "F" | "X";
  /** YYYY-MM-DD */
  expiryDate: string;
  issuingState: string;
}

const LINE = 44;

/** Makes a line 44 long by adding or taking filler from its longest run of "<" (OCR often miscounts long runs). */
function fitLine(line: string): string | null {
  const diff = LINE - line.length;
  if (diff === 0) return line;
  if (Math.abs(diff) > 3) return null;
  const runs = [...line.matchAll(/<{2,}/g)];
  if (!runs.length) return null;
  const longest = runs.reduce((a, b) => (b[0].length > a[0].length ? b : a));
  const at = (longest.index ?? 0) + longest[0].length;
  if (diff > 0) return line.slice(0, at) + "<".repeat(diff) + line.slice(at);
  if (longest[0].length + diff < 2) return null;
  return line.slice(0, at + diff) + line.slice(at);
}

/** A 2-digit-year date as YYYY-MM-DD: birth dates are never in the future, expiry dates fall in 20xx. */
function fullDate(yymmdd: string, kind: "birth" | "expiry", today: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  let year = 2000 + yy;
  if (kind === "birth" && year > today.getUTCFullYear()) year -= 100;
  const d = new Date(Date.UTC(year, mm - 1, dd));
  if (d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return d.toISOString().slice(0, 10);
}

const words = (s: string | null | undefined) => (s ?? "").replace(/</g, " ").replace(/\s+/g, " ").trim();

/** Reads a TD3 zone from two lines; null unless it parses and every check digit passes. */
export function readTd3(line1: string, line2: string, today = new Date()): PassportZone | null {
  const a = fitLine(line1);
  const b = fitLine(line2);
  if (!a || !b || !a.startsWith("P")) return null;
  let result: ReturnType<typeof parse>;
  try {
    result = parse([a, b], { autocorrect: true });
  } catch {
    return null;
  }
  if (result.format !== "TD3" || !result.valid) return null;
  if (result.details.some((d) => !d.valid)) return null;
  const f = result.fields;
  // Names carry no check digit: a digit in one means OCR misread it, so nothing is offered.
  const surname = words(f.lastName);
  const givenNames = words(f.firstName);
  if (!surname || /[0-9]/.test(a.slice(5).replace(/<+$/, ""))) return null;
  const birthDate = fullDate(f.birthDate ?? "", "birth", today);
  const expiryDate = fullDate(f.expirationDate ?? "", "expiry", today);
  const sex = f.sex === "male" ? "M" : f.sex === "female" ? "F" : f.sex === "nonspecified" ? "X" : null;
  if (!birthDate || !expiryDate || !sex || !f.documentNumber || !f.nationality || !f.issuingState) return null;
  return {
    surname,
    givenNames,
    number: f.documentNumber,
    nationality: f.nationality,
    birthDate,
    sex,
    expiryDate,
    issuingState: f.issuingState,
  };
}

const LETTER_FOR: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };
const clean = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9<]/g, "");

/**
 * The first line's possible readings. A stray mark read before the "P" is dropped; the state and the names hold no
 * digit, so a digit there is the letter it resembles; and after the first "<<<" (the names' end) the line is filler to
 * its 44th character by the format, whatever specks or miscounted "<" the OCR saw there.
 */
export function firstLines(raw: string): string[] {
  const text = clean(raw);
  const out = new Set<string>();
  for (let start = 0; start <= 2; start++) {
    if (text[start] !== "P") continue;
    let line = text.slice(start);
    line = line.slice(0, 5) + line.slice(5).replace(/[0-9]/g, (d) => LETTER_FOR[d] ?? d);
    line = line.slice(0, 2) + line.slice(2, 5).replace(/[0-9]/g, (d) => LETTER_FOR[d] ?? d) + line.slice(5);
    const end = line.indexOf("<<<", 5);
    if (end >= 0 && end < LINE) line = line.slice(0, end).padEnd(LINE, "<");
    const fitted = line.length > LINE && /^<+$/.test(line.slice(LINE)) ? line.slice(0, LINE) : fitLine(line);
    if (fitted) out.add(fitted);
  }
  return [...out];
}

/**
 * Look-alikes the number's check digit always tells apart (their values differ by other than a multiple of ten at
 * every weight); G and 6 (16 and 6) it does not, so they are never swapped.
 */
export const TWIN: Record<string, string> = { "0": "O", O: "0", "1": "I", I: "1", "5": "S", S: "5", "8": "B", B: "8", "2": "Z", Z: "2" };

/**
 * The line with one of the number's characters (its first nine) swapped for its look-alike. One swap only: two can
 * cancel out in the check digit.
 */
function numberTwins(line: string): string[] {
  return [...line.slice(0, 9)].flatMap((c, i) => (TWIN[c] ? [line.slice(0, i) + TWIN[c] + line.slice(i + 1)] : []));
}

/** The second line's possible readings: 44 characters once up to two stray marks at either end are left out. */
function secondLines(raw: string): string[] {
  const text = clean(raw);
  const out = new Set<string>();
  const extra = text.length - LINE;
  if (extra > 0 && extra <= 2) {
    for (let head = 0; head <= extra; head++) out.add(text.slice(head, head + LINE));
  }
  const fitted = fitLine(text);
  if (fitted) out.add(fitted);
  return [...out];
}

/** A first line that only carries a valid state, for checking a second line alone (every check digit is on it). */
const PLAIN_FIRST = "P<NGAX<<X".padEnd(LINE, "<");

/**
 * The second line's one reading whose check digits all pass, or null (none, or two different ones). The readings as
 * read come first; only when none passes is the number tried with one look-alike swapped.
 */
export function checkedSecondLine(raw: string, today = new Date()): string | null {
  const lines = secondLines(raw);
  for (const tier of [lines, lines.flatMap(numberTwins)]) {
    const passing = new Set(tier.filter((b) => readTd3(PLAIN_FIRST, b, today)));
    if (passing.size === 1) return [...passing][0];
    if (passing.size > 1) return null;
  }
  return null;
}
