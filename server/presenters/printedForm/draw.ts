// Drawing helpers of the printed forms: a map's top-left coordinates turned into the PDF's bottom-left ones, captions
// wrapped to a box, and text kept to what the standard fonts can show (nothing is fetched, no font is embedded).
import { layoutText, measureText, type PDFPage, rgb, StandardFonts } from "@libpdf/core";
import type { Place } from "../../domain/printedForms/types.ts";

export const PAGE = { width: 595.28, height: 841.89 };
export const CAPTION_SIZE = 6.5;
export const CAPTION_LINE = 7.5;
export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);

const SHOWN = /[\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u20ac]/;

/**
 * The text in the characters the standard fonts can show (nothing is embedded): a letter outside them loses its
 * accent where that leaves one they have ("Ọ" → "O"), anything else is "?". Field values too, so what is printed is
 * what a reader of the fields gets.
 */
export const latin = (s: string) =>
  [...s]
    .map((c) => {
      if (SHOWN.test(c)) return c;
      const bare = c.normalize("NFD").replace(/\p{M}/gu, "");
      return bare.length > 0 && [...bare].every((b) => SHOWN.test(b)) ? bare : "?";
    })
    .join("");

const PUNCTUATION: Record<string, string> = { "\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"' };

/**
 * A field's answer in plain ASCII: the fields' own drawing (by @libpdf/core, standard fonts) shows nothing else
 * correctly, so an accent is dropped ("Ọláolúwa" → "Olaoluwa", as a passport's machine-readable zone writes it), dashes
 * and quotes become their plain forms and anything else "?". What is printed is what a reader of the fields gets.
 */
export const plain = (s: string) =>
  [...s.normalize("NFD").replace(/\p{M}/gu, "")].map((c) => (/[\x20-\x7e\n]/.test(c) ? c : (PUNCTUATION[c] ?? "?"))).join("");

/** The PDF's y of a place's bottom edge. */
export const bottomOf = (p: Pick<Place, "top" | "height">) => PAGE.height - p.top - p.height;

/** Lines of `text` in Helvetica at `size` that fit `width`. */
export const wrapped = (text: string, size: number, width: number, bold = false) =>
  layoutText(latin(text), bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica, size, width, size * 1.15).lines.map((l) => l.text);

/** Writes `text` from `top` down, wrapped to `width`; returns the top of what follows it. */
export function writeText(
  page: PDFPage,
  text: string,
  at: { left: number; top: number; width: number; size: number; bold?: boolean; color?: typeof INK },
): number {
  const line = at.size * 1.25;
  let top = at.top;
  for (const l of wrapped(text, at.size, at.width, at.bold)) {
    top += line;
    page.drawText(l, {
      x: at.left,
      y: PAGE.height - top + at.size * 0.25,
      size: at.size,
      font: at.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica,
      color: at.color ?? INK,
    });
  }
  return top;
}

/** A box's frame and its caption at the top; returns the caption's height (the field goes below it). */
export function frameWithCaption(page: PDFPage, place: Place, caption: string): number {
  page.drawRectangle({ x: place.left, y: bottomOf(place), width: place.width, height: place.height, borderColor: GREY, borderWidth: 0.5 });
  const bottom = writeText(page, caption, { left: place.left + 2.5, top: place.top + 0.5, width: place.width - 5, size: CAPTION_SIZE, color: GREY });
  return bottom - place.top;
}

/** The largest size from 10 pt down to 6 at which an answer fits its field (on one line, or wrapped when multiline). */
export function answerSize(value: string, field: { width: number; height: number }, multiline: boolean): number {
  const text = latin(value);
  const inner = field.width - 4;
  for (let size = 10; size > 6; size -= 0.5) {
    const fits = multiline
      ? layoutText(text, StandardFonts.Helvetica, size, inner, size * 1.15).lines.length * size * 1.15 <= field.height - 2
      : measureText(text, StandardFonts.Helvetica, size) <= inner && size * 1.2 <= field.height;
    if (fits) return size;
  }
  return 6;
}
