// Drawing helpers of the printed forms: a map's top-left coordinates turned into the PDF's bottom-left ones, captions
// wrapped to a box, and text kept to what the standard fonts can show (nothing is fetched, no font is embedded).
import { layoutText, type PDFPage, rgb, StandardFonts } from "@libpdf/core";
import type { Place } from "../../domain/printedForms/types.ts";

export const PAGE = { width: 595.28, height: 841.89 };
export const CAPTION_SIZE = 6.5;
export const CAPTION_LINE = 7.5;
export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);

/** A character the standard fonts cannot show is drawn as "?" (field values keep theirs: a viewer shows them). */
export const latin = (s: string) => s.replace(/[^\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u20ac]/g, "?");

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
