// Private files (documents, passport files, transfer proofs) sent to the people allowed them: the owner and the case's staff.
import type { Request, Response } from "express";
import { ctx } from "../context.ts";
import { type CaseOwner, mayOpenCase } from "../domain/staff.ts";
import { currentUser } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";

/**
 * Streams a private file to its owner or an admin; anyone else gets 404. Images show inline. A PDF previewed on the
 * review page (`?preview=1`) shows inline in a frame of the site's own pages: Chromium's PDF viewer does not run in
 * a sandboxed document, so that answer trades `sandbox` for `frame-ancestors 'self'` (the bytes were checked to be
 * a PDF when uploaded); every other header is the download's.
 */
export async function sendFile(req: Request, res: Response, file: { path: string; mime: string; name: string }): Promise<void> {
  const stored = await ctx(req).storage.get(file.path);
  if (!stored) throw new HttpError(404, "File not found");
  const pdfPreview = file.mime === "application/pdf" && req.query.preview === "1";
  const inline = file.mime.startsWith("image/") || pdfPreview;
  const asciiName = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  res.set({
    "Content-Type": file.mime,
    "Content-Length": String(stored.size),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(pdfPreview ? { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN" } : {}),
  });
  stored.stream.on("error", (err) => res.destroy(err));
  stored.stream.pipe(res);
}

/**
 * The file's owner, or staff who may open its case (a manager, its officer, any officer while it is unassigned):
 * anyone else is answered 404, as if there were no file.
 */
export const mayRead = (res: Response, file: CaseOwner & { user_id: string; member_user_id?: string | null }) => {
  const user = currentUser(res);
  // An adult family member with their own sign-in reads the files of their own application (never another member's).
  const member = Boolean(user && file.member_user_id && user.id === file.member_user_id);
  return user?.id === file.user_id || member || mayOpenCase(user, file);
};
