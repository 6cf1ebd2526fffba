// An application's printed form: the offer on the pages that link to it (the link's words and the boxes that will be
// left empty) and the file itself, filled from the answer sheet with the passport photo from private storage.
import { pickFields } from "../../domain/applicationFields.ts";
import { fillSheet } from "../../domain/formSheets/index.ts";
import { fillBoxes, notFilledNumbers, printedFormFor } from "../../domain/printedForms/index.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import type { Storage } from "../../storage/storage.ts";
import { renderPrintedForm } from "./render.ts";

export interface PrintedFormOffer {
  href: string;
  label: string;
  /** The numbers of the boxes left empty, in the form's order ("2", "5", …); the photo's box says "Photo". */
  notFilled: string[];
}

function filledBoxes(row: ApplicationRow) {
  const found = printedFormFor(row.destination_country);
  return found && { map: found.map, boxes: fillBoxes(found.map, fillSheet(found.sheet, pickFields(row))) };
}

/** The link to the printed form and what it leaves empty, or null where no printed form is kept for the destination. */
export function printedFormOffer(row: ApplicationRow, href: string): PrintedFormOffer | null {
  const filled = filledBoxes(row);
  if (!filled) return null;
  const notFilled = notFilledNumbers(filled.boxes);
  return { href, label: filled.map.linkLabel, notFilled: row.photo_path ? notFilled : [...notFilled, filled.map.photo.caption] };
}

async function photoOf(storage: Storage, row: ApplicationRow): Promise<{ bytes: Uint8Array; mime: string } | null> {
  if (!row.photo_path || !row.photo_mime) return null;
  const stored = await storage.get(row.photo_path);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), mime: row.photo_mime };
}

/** The filled printed form's bytes and file name, or null where none is kept for the destination. */
export async function printedFormFile(storage: Storage, row: ApplicationRow): Promise<{ bytes: Uint8Array; name: string; form: string } | null> {
  const filled = filledBoxes(row);
  if (!filled) return null;
  const bytes = await renderPrintedForm({ ...filled, photo: await photoOf(storage, row), reference: row.reference_number });
  return { bytes, name: `${filled.map.fileName}-${row.reference_number}.pdf`, form: filled.map.fileName };
}
