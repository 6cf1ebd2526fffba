// Resumable uploads (the tus protocol through @tus/server): an upload is created for one of the applicant's drafts,
// its bytes arrive in as many requests as the connection allows, and the finished file goes to the same action as a
// multipart upload (type by bytes, one per type, replacement, audit). The upload itself is then deleted. Uploads in
// progress are counted against their applicant (actions/documents/openResumableUpload.ts).

import { Metadata, Server, type Upload as TusUpload } from "@tus/server";
import type { Request, Response } from "express";
import { openResumableUpload } from "../../actions/documents/openResumableUpload.ts";
import type { AppContext } from "../../context.ts";
import { ctx } from "../../context.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { applicationToUploadTo, howFiled, receiveDocument, receivePassportFile } from "../../http/receivedFiles.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { MAX_FILE_BYTES, TOO_LARGE } from "../../middleware/upload.ts";
import { createResumableStore } from "../../storage/resumable.ts";
import { passportTargetSchema } from "../../validation/documentRequests.ts";
import { type ResumableUploadMetadata, resumableUploadSchema, SERVER_METADATA } from "../../validation/uploads.ts";
import { checkInput, invalidInput, parseInput } from "../../validation/validate.ts";

export const UPLOADS_PATH = "/api/uploads";
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const NOT_FOUND = "Upload not found";

/** The Express request and answer behind a tus request (the tus server sees it as a web Request). */
function express(req: globalThis.Request): { req: Request; res: Response } {
  const node = (req as globalThis.Request & { runtime?: { node?: { req: Request; res: Response } } }).runtime?.node;
  if (!node) throw new Error("Resumable uploads are served through Express");
  return node;
}

/** A refusal as tus answers it: the API's JSON error as the body, read by the upload component. */
const tusRefusal = (err: HttpError) => ({
  status_code: err.status,
  body: JSON.stringify({ error: { message: err.message, ...(err.fields ? { fields: err.fields } : {}) } }),
});

/** The upload's fields for its action: its metadata without what says where it goes. */
function uploadFields(meta: Record<string, string | null | undefined>): Record<string, string> {
  const skip = new Set(["applicationId", "kind", "filename", "filetype", ...SERVER_METADATA]);
  return Object.fromEntries(Object.entries(meta).filter((e): e is [string, string] => !skip.has(e[0]) && typeof e[1] === "string"));
}

/** Hands the finished upload to its action; the upload is deleted whatever the answer. */
async function finish(app: AppContext, tus: Server, request: globalThis.Request, upload: TusUpload) {
  const { req, res } = express(request);
  const meta = resumableUploadSchema.parse(upload.metadata) as ResumableUploadMetadata;
  try {
    // Checked again on the bytes that were received: only the uploader's own upload is ever filed.
    if (upload.metadata?.user !== requireUserId(res)) throw new HttpError(404, NOT_FOUND);
    const { tempId, size } = await app.storage.writeTemp((tus.datastore as ReturnType<typeof createResumableStore>).read(upload.id));
    const file = { tempId, originalName: meta.filename, size };
    const answer =
      meta.kind === "document"
        ? await receiveDocument(req, res, meta.applicationId, uploadFields(upload.metadata ?? {}), file)
        : await receivePassportFile(req, res, meta.applicationId, meta.kind, uploadFields(upload.metadata ?? {}), file);
    return { status_code: 201, headers: { "Content-Type": "application/json" }, body: JSON.stringify(answer) };
  } catch (err) {
    if (err instanceof HttpError) throw tusRefusal(err);
    throw err;
  } finally {
    await tus.datastore.remove(upload.id);
  }
}

const servers = new WeakMap<AppContext, Server>();

/**
 * The upload a request is for: the route's `:uploadId`, the one its owner was checked on. tus's own reading takes the
 * last segment of the whole URL, query string included, so `/api/uploads/<mine>?x=/<theirs>` would act on theirs.
 */
function uploadIdOf(req: globalThis.Request): string | undefined {
  const id = express(req).req.params.uploadId;
  return typeof id === "string" && UPLOAD_ID.test(id) ? id : undefined;
}

/** One tus server per application, its uploads in the upload folder (storage/resumable.ts). */
function tusFor(app: AppContext): Server {
  let tus = servers.get(app);
  if (tus) return tus;
  const { publicUrl } = app.config;
  tus = new Server({
    path: UPLOADS_PATH,
    datastore: createResumableStore(app.db, app.config),
    relativeLocation: true,
    maxSize: MAX_FILE_BYTES,
    getFileIdFromRequest: uploadIdOf,
    // The site's own pages are same-origin and need no CORS header; no other site's page may read these answers.
    allowedOrigins: (origin) => publicUrl !== undefined && origin === publicUrl,
    // Counted against the signed-in person, who is the upload's owner whatever the client sent, before a file of it exists.
    onUploadCreate: async (request, upload) => {
      const { req, res } = express(request);
      orRefuse(await openResumableUpload(app, signedInActor(req, res), { uploadId: upload.id, size: upload.size ?? 0 }));
      res.locals.openedUpload = upload.id;
      return { metadata: { ...upload.metadata, user: requireUserId(res) } };
    },
    onUploadFinish: (req, upload) => finish(app, tus as Server, req, upload),
    onResponseError: (_req, err) => (err instanceof HttpError ? tusRefusal(err) : undefined),
  });
  servers.set(app, tus);
  return tus;
}

/** Before tus creates an upload: its metadata, its size and the draft it is for, as a multipart upload is checked. */
async function checkCreation(req: Request, res: Response): Promise<void> {
  let raw: Record<string, string | null>;
  try {
    raw = Metadata.parse(req.get("upload-metadata"));
  } catch {
    throw new HttpError(400, "Send the upload's metadata (Upload-Metadata).");
  }
  const meta = parseInput(resumableUploadSchema, raw);
  const length = req.get("upload-length");
  if (!length || !/^\d{1,12}$/.test(length)) throw new HttpError(400, "Send the file's size (Upload-Length).");
  if (Number(length) > MAX_FILE_BYTES) throw new HttpError(413, TOO_LARGE);
  const app = await applicationToUploadTo(req, res, meta.applicationId);
  const fields = uploadFields(raw);
  const checked = meta.kind === "document" ? howFiled(app, fields) : checkInput(passportTargetSchema, fields);
  if (!checked.ok) throw invalidInput(checked.fields);
}

/** An upload of the signed-in person's, or 404: another person's upload id finds nothing. */
async function ownUpload(req: Request, res: Response): Promise<TusUpload> {
  const id = String(req.params.uploadId);
  const tus = tusFor(ctx(req));
  const upload = UPLOAD_ID.test(id) ? await tus.datastore.getUpload(id).catch(() => undefined) : undefined;
  if (!upload || upload.metadata?.user !== requireUserId(res)) throw new HttpError(404, NOT_FOUND);
  return upload;
}

/** POST /api/uploads — creates a resumable upload for a draft's document or passport file */
export async function createUploadApi(req: Request, res: Response): Promise<void> {
  await checkCreation(req, res);
  const tus = tusFor(ctx(req));
  await tus.handle(req, res);
  // Recorded, then not created after all (the spool refused its files): it must not hold a place until it expires.
  const opened = res.locals.openedUpload as string | undefined;
  if (opened && res.statusCode !== 201) await tus.datastore.remove(opened).catch(() => {});
}

/** HEAD /api/uploads/:uploadId — how much of the upload the server has (where to resume) */
export async function uploadOffsetApi(req: Request, res: Response): Promise<void> {
  const upload = await ownUpload(req, res);
  ctx(req).logger.info({ upload: upload.id, offset: upload.offset, size: upload.size }, "resumable upload: offset asked");
  await tusFor(ctx(req)).handle(req, res);
}

/** PATCH /api/uploads/:uploadId — the next bytes, from the offset the server has */
export async function uploadPartApi(req: Request, res: Response): Promise<void> {
  const upload = await ownUpload(req, res);
  ctx(req).logger.info({ upload: upload.id, offset: req.get("upload-offset"), size: upload.size }, "resumable upload: bytes received");
  await tusFor(ctx(req)).handle(req, res);
}

/** DELETE /api/uploads/:uploadId — abandons an unfinished upload */
export async function cancelUploadApi(req: Request, res: Response): Promise<void> {
  await ownUpload(req, res);
  await tusFor(ctx(req)).handle(req, res);
}
