// Which files may be uploaded: the extension and the file's own bytes (magic number) must agree and be allowed.
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";

export type FileKind = "passport_scan" | "photo" | "document";

const ALLOWED: Record<FileKind, string[]> = {
  passport_scan: ["jpg", "png", "pdf"],
  photo: ["jpg", "png"],
  document: ["jpg", "png", "pdf"],
};
const LABEL: Record<FileKind, string> = {
  passport_scan: ".jpg, .jpeg, .png or .pdf",
  photo: ".jpg, .jpeg or .png",
  document: ".jpg, .jpeg, .png or .pdf",
};

export type Verdict = { ok: true; ext: string; mime: string } | { ok: false; message: string };

const extOf = (name: string) => {
  const ext = path.extname(name).slice(1).toLowerCase();
  return ext === "jpeg" ? "jpg" : ext;
};

/** How many leading bytes `checkFile` needs to recognise a type. */
export const HEAD_BYTES = 4100;

/** Checks the claimed name against `head`, the first HEAD_BYTES bytes of the file (fewer for a shorter file). */
export async function checkFile(kind: FileKind, originalName: string, head: Uint8Array): Promise<Verdict> {
  const claimed = extOf(originalName);
  if (!ALLOWED[kind].includes(claimed)) return { ok: false, message: `This file type is not accepted. Upload a ${LABEL[kind]} file.` };
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !ALLOWED[kind].includes(detected.ext) || detected.ext !== claimed) {
    return { ok: false, message: `The file's contents do not match its .${claimed} name. Upload a real ${LABEL[kind]} file.` };
  }
  return { ok: true, ext: detected.ext, mime: detected.mime };
}

/** A display name only: no path, no control characters, bounded length. Never used to build a path. */
export function displayName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return (clean || "document").slice(0, 200);
}

/** An upload to an application that has not been saved yet (SPEC §2.9). */
export const SAVE_FIRST = "Please save your application first before uploading documents";
