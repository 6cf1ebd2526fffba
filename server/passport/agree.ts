// Where the two tesseract engines must agree before a zone is offered. The legacy (pattern) engine reads the filler
// "<" well but OCR-B's W as H, N, M, U or V; the LSTM engine reads letters and digits well but takes runs of "<" for
// K, L and C. A check digit misses some swaps (G for Q or 6, M for W: values ten apart), and the names and the
// nationality carry none, so a field is offered only when the other engine reads it too.
import { TWIN } from "./zone.ts";

/** Letters the legacy engine reads in place of OCR-B's W, and M read as three strokes. */
const W_LOOKALIKES = "HNMUV";

/** A name word's other spellings: W in the places of its look-alikes, and M for "IVI". */
function respellings(word: string): string[] {
  const out = new Set<string>();
  const spots = [...word].flatMap((c, i) => (W_LOOKALIKES.includes(c) ? [i] : []));
  if (spots.length <= 4) {
    for (let mask = 1; mask < 1 << spots.length; mask++) {
      const chars = [...word];
      spots.forEach((at, bit) => {
        if (mask & (1 << bit)) chars[at] = "W";
      });
      out.add(chars.join(""));
    }
  }
  if (word.includes("IVI")) out.add(word.replace(/IVI/g, "M"));
  return [...out];
}

/**
 * The name's words as the LSTM engine reads them too, or null. A word it does not read as spelt is tried with the
 * legacy engine's known misreadings undone, and kept only when exactly one such spelling is in its reading. Each word
 * is looked for on its own: the LSTM engine garbles the "<" between them.
 */
export function confirmedName(name: string, lstm: string): string | null {
  const read = lstm.replace(/\s+/g, "");
  const confirmed: string[] = [];
  for (const word of name.split(" ").filter(Boolean)) {
    if (read.includes(word)) {
      confirmed.push(word);
      continue;
    }
    const found = respellings(word).filter((w) => read.includes(w));
    if (found.length !== 1) return null;
    confirmed.push(found[0]);
  }
  return confirmed.join(" ");
}

/** What the LSTM engine reads for a filler "<". */
const FILLER_READS = "<KLC";

/**
 * Whether the LSTM engine's first line holds the state, surname and given names in that order and nothing else between
 * or after them: each "<" between words may read as one to four of "<", K, L, C, and after the last word comes filler
 * (a line whose names fill it to the end with a stray mark after them is not read: the person types it).
 * A word found only inside a longer one (CHE in UCHE, a letter dropped) or given names left out (a letter read as "<"
 * ending the names early) do not pass.
 */
export function namesInOrder(state: string, surname: string, givenNames: string, lstm: string): boolean {
  const read = lstm.replace(/\s+/g, "");
  const gap = `[${FILLER_READS}]`;
  const field = (name: string) => name.split(" ").filter(Boolean).join(`${gap}{1,2}`);
  const given = givenNames ? `${gap}{1,4}${field(givenNames)}` : "";
  // After the last name: four filler characters, or fewer up to the line's end.
  return new RegExp(`${state}${field(surname)}${given}(${gap}{4}|${gap}{0,3}$)`).test(read);
}

const LETTER_FOR: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/**
 * Whether another reading of the second line agrees with a checked one where no check digit guards: the number (the
 * same, but for at most one look-alike its check digit tells apart, O for 0, S for 5...), the nationality (a digit
 * there being the letter it resembles) and the sex (not another sex). The dates and check digits are the checked
 * reading's, which passes them all. A filler may read as K, L or C.
 */
export function secondAgrees(line: string, other: string): boolean {
  const read = other.replace(/\s+/g, "");
  const same = (a: string, b: string | undefined) => a === b || (a === "<" && FILLER_READS.includes(b ?? ""));
  for (let at = 0; at + 21 <= read.length; at++) {
    const b = (i: number) => read[at + i];
    let twins = 0;
    let agrees = true;
    for (let i = 0; i < 9 && agrees; i++) {
      if (same(line[i], b(i))) continue;
      if (TWIN[line[i]] === b(i) && twins++ === 0) continue;
      agrees = false;
    }
    for (let i = 10; i < 13 && agrees; i++) agrees = same(line[i], LETTER_FOR[b(i)] ?? b(i));
    if (agrees && (line[20] === b(20) || !"MFX<".includes(b(20)))) return true;
  }
  return false;
}

/**
 * The LSTM engine's reading of the second line with its personal-number filler restored: where the line's characters
 * 29 to 42 are mostly "<", the K, L and C among them are "<" too (that field is not offered; the check digits still
 * cover it).
 */
export function lstmSecondLine(raw: string): string {
  const text = raw.toUpperCase().replace(/[^A-Z0-9<]/g, "");
  const personal = text.slice(28, -2);
  if ((personal.match(/</g)?.length ?? 0) < personal.length * 0.6) return text;
  return text.slice(0, 28) + personal.replace(/[KLC]/g, "<") + text.slice(-2);
}
