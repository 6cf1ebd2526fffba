// A printed form filled from an answer sheet, driven by the form's map alone (domain/printedForms/): its pages with
// their words, each box a PDF text field named as the map says and holding the sheet's answer (left empty where there
// is none), the applicant's photo in the photo box, and a last page listing what was not filled and why.
import { PDF, type PDFPage } from "@libpdf/core";
import { type FilledBox, notFilledNumbers } from "../../domain/printedForms/index.ts";
import type { PrintedFormMap } from "../../domain/printedForms/types.ts";
import { answerSize, bottomOf, frameWithCaption, GREY, latin, PAGE, plain, writeText } from "./draw.ts";

export interface PrintedFormInput {
  map: PrintedFormMap;
  /** The map's boxes with their answers (printedForms/index.ts fillBoxes). */
  boxes: FilledBox[];
  /** The applicant's passport photo (JPEG or PNG), or null when none was uploaded. */
  photo: { bytes: Uint8Array; mime: string } | null;
  /** The application's reference, on every page's foot. */
  reference: string;
}

/** Why the photo box is empty, or null when the photo is in it. */
export type PhotoGap = string | null;

const NO_PHOTO = "No passport photo uploaded: glue the photo in the box";
const BAD_PHOTO = "The uploaded photo could not be read: glue the photo in the box";

function placePhoto(pdf: PDF, page: PDFPage, map: PrintedFormMap, photo: PrintedFormInput["photo"]): PhotoGap {
  const box = map.photo;
  frameWithCaption(page, box, box.caption);
  if (!photo) return NO_PHOTO;
  try {
    const image = photo.mime === "image/png" ? pdf.embedPng(photo.bytes) : pdf.embedJpeg(photo.bytes);
    // Fitted inside the box, centred, its proportions kept.
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: box.left + (box.width - width) / 2, y: bottomOf(box) + (box.height - height) / 2, width, height });
    return null;
  } catch {
    return BAD_PHOTO;
  }
}

function notFilledPage(pdf: PDF, input: PrintedFormInput, photoGap: PhotoGap): void {
  let page = pdf.addPage({ size: "a4" });
  const width = PAGE.width - 56;
  let top = writeText(page, `${input.map.title}: not filled`, { left: 28, top: 28, width, size: 14, bold: true });
  top = writeText(page, `Application ${input.reference}`, { left: 28, top: top + 2, width, size: 9 });
  const write = (text: string, size: number, bold = false, gap = 3) => {
    if (top > PAGE.height - 60) {
      page = pdf.addPage({ size: "a4" });
      top = 28;
    }
    top = writeText(page, text, { left: 28, top: top + gap, width, size, bold });
  };
  const numbers = notFilledNumbers(input.boxes);
  write(numbers.length > 0 ? `Not filled: ${numbers.join(", ")}` : "Every box is filled.", 11, true, 8);
  top += 4;
  for (const b of input.boxes) if (b.value === null) write(`${b.caption}: ${b.missing ?? ""}`, 8.5);
  if (photoGap) write(`${input.map.photo.caption}: ${photoGap}`, 8.5);
  const changed = input.boxes.filter((b) => b.value !== null && plain(b.value) !== b.value);
  if (changed.length > 0) {
    write("Written without the letters the form's font lacks (check them against the passport):", 9.5, true, 12);
    for (const b of changed) write(`${b.caption}: "${plain(b.value ?? "")}" for "${b.value}"`, 8.5);
  }
  const source = `Boxes laid out after ${input.map.source.label} (${input.map.source.href}), compared with the official form on ${input.map.checked}.`;
  writeText(page, source, { left: 28, top: Math.max(top + 16, PAGE.height - 70), width, size: 7, color: GREY });
}

/** The filled form as PDF bytes. */
export async function renderPrintedForm(input: PrintedFormInput): Promise<Uint8Array> {
  const { map } = input;
  const pdf = PDF.create();
  pdf.setTitle(`${map.title} ${latin(input.reference)}`);
  const pages = Array.from({ length: map.pages }, () => pdf.addPage({ size: "a4" }));
  const form = pdf.getOrCreateForm();
  for (const t of map.texts) writeText(pages[t.page], t.text, t);
  for (const b of map.blanks) {
    const below = frameWithCaption(pages[b.page], b, b.caption);
    let top = b.top + below + 4;
    for (const l of b.lines ?? []) top = writeText(pages[b.page], l, { left: b.left + 2.5, top: top + 6, width: b.width - 5, size: 6, color: GREY });
  }
  for (const filled of input.boxes) {
    const { box } = filled;
    const page = pages[box.page];
    const captionHeight = frameWithCaption(page, box, filled.caption);
    const place = { x: box.left + 2, y: bottomOf(box) + 1.5, width: box.width - 4, height: box.height - captionHeight - 2.5 };
    const multiline = box.multiline ?? false;
    const fontSize = answerSize(filled.value ?? "", place, multiline);
    const field = form.createTextField(box.name, { fontSize, multiline, borderWidth: 0 });
    page.drawField(field, place);
    if (filled.value !== null) field.setValue(plain(filled.value));
  }
  const photoGap = placePhoto(pdf, pages[map.photo.page], map, input.photo);
  pages.forEach((page, i) => {
    const foot = `${map.title} · ${input.reference} · page ${i + 1} of ${map.pages}`;
    writeText(page, foot, { left: 28, top: PAGE.height - 24, width: PAGE.width - 56, size: 6.5, color: GREY });
  });
  notFilledPage(pdf, input, photoGap);
  return pdf.save();
}
