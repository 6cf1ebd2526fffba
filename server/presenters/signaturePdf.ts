// The PDF of what an applicant signed: the sheet's questions and answers as they read them, their typed name and drawn
// signature, when it was signed, the SHA-256 of the content and the public check's address. Standard fonts only
// (nothing fetched): a character outside their Latin set is written as "?". Its last lines are the public check's
// address and its QR code, so an embassy or a sponsor holding the paper can check it.
import { PDF, type PDFPage, rgb, StandardFonts } from "@libpdf/core";
import QRCode from "qrcode";
import type { SignedContent } from "../domain/signatures.ts";

export interface SignedPdfInput {
  content: SignedContent;
  applicantName: string;
  reference: string;
  typedName: string;
  /** The drawn signature as PNG bytes, or null when the applicant typed their name only. */
  drawing: Uint8Array | null;
  signedAtText: string;
  hash: string;
  checkUrl: string;
}

const HEIGHT = 841.89;
const MARGIN = 50;
const SIZE = 9;
const LINE = 12;
/** Characters of Helvetica at 9 pt that fit the text width, roughly (wrapping by words below). */
const CHARS = 100;

export const latin = (s: string) => s.replace(/[^\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u20ac]/g, "?");

export function wrap(text: string, width = CHARS): string[] {
  const lines: string[] = [];
  for (const para of latin(text).split("\n")) {
    let line = "";
    for (const word of para.split(/\s+/)) {
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
      while (line.length > width) {
        lines.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The side of the check's QR code on the page, in points (2.8 cm: scans from a phone at arm's length). */
export const QR_SIZE = 80;

/**
 * Draws the public check's QR code with its top at `y` (on a new page when it does not fit); answers the page and the
 * line below it.
 */
export async function drawCheckQr(pdf: PDF, page: PDFPage, y: number, checkUrl: string): Promise<{ page: PDFPage; y: number }> {
  const png = await QRCode.toBuffer(checkUrl, { type: "png", margin: 1, scale: 4, errorCorrectionLevel: "M" });
  const image = pdf.embedPng(new Uint8Array(png));
  let at = { page, y };
  if (y < MARGIN + QR_SIZE) at = { page: pdf.addPage({ size: "a4" }), y: HEIGHT - MARGIN };
  at.page.drawImage(image, { x: MARGIN, y: at.y - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  return { page: at.page, y: at.y - QR_SIZE - 6 };
}

export async function signedPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.setTitle(`${input.content.form}: signed by ${latin(input.applicantName)}`);
  let page = pdf.addPage({ size: "a4" });
  let y = HEIGHT - MARGIN;
  const write = (text: string, opts: { bold?: boolean; size?: number; gap?: number } = {}) => {
    const size = opts.size ?? SIZE;
    for (const line of wrap(text, Math.floor((CHARS * SIZE) / size))) {
      if (y < MARGIN + LINE) {
        page = pdf.addPage({ size: "a4" });
        y = HEIGHT - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font: opts.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica, color: rgb(0, 0, 0) });
      y -= size + 3;
    }
    y -= opts.gap ?? 0;
  };
  write(input.content.form, { bold: true, size: 14, gap: 4 });
  write(`Answers of ${input.applicantName}, application ${input.reference}`, { gap: 8 });
  for (const q of input.content.questions) {
    write(q.number ? `${q.number}. ${q.question}` : q.question, { bold: true });
    write(q.answered ? q.answer : `(to complete) ${q.answer}`, { gap: 4 });
  }
  y -= 8;
  write("I confirm that these answers are true and complete, and that the consultancy may lodge them on the form.", { bold: true, gap: 4 });
  write(`Signed by typing the name: ${input.typedName}`);
  write(`Signed on: ${input.signedAtText}`);
  if (input.drawing) {
    const image = pdf.embedPng(input.drawing);
    const height = 60;
    const width = Math.min(240, (image.width / image.height) * height);
    if (y < MARGIN + height + LINE) {
      page = pdf.addPage({ size: "a4" });
      y = HEIGHT - MARGIN;
    }
    page.drawImage(image, { x: MARGIN, y: y - height, width, height });
    y -= height + 6;
    write("Drawn signature (above)");
  }
  write(`SHA-256 of the content signed: ${input.hash}`);
  write(`Check this document at ${input.checkUrl}`);
  await drawCheckQr(pdf, page, y - 4, input.checkUrl);
  return pdf.save();
}
