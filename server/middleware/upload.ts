// One-file multipart uploads streamed to temporary storage (never buffered whole), with every multer limit set.
import type { NextFunction, Request, Response } from "express";
import multer, { MulterError } from "multer";
import { ctx } from "../context.ts";
import type { Storage } from "../storage/storage.ts";
import { HttpError } from "./errors.ts";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = "File size must be less than 10MB";

declare global {
  namespace Express {
    namespace Multer {
      interface File {
        tempId: string;
      }
    }
  }
}

function engine(storage: Storage): multer.StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      storage.writeTemp(file.stream).then(
        ({ tempId, size }) => cb(null, { tempId, size } as Partial<Express.Multer.File>),
        (err) => cb(err),
      );
    },
    _removeFile(_req, file, cb) {
      storage.discardTemp(file.tempId).then(() => cb(null), cb);
    },
  };
}

const MESSAGES: Partial<Record<MulterError["code"], [number, string]>> = {
  LIMIT_FILE_SIZE: [413, TOO_LARGE],
  LIMIT_FILE_COUNT: [400, "Upload one file at a time."],
  LIMIT_UNEXPECTED_FILE: [400, 'Send the file in the "file" field.'],
  LIMIT_PART_COUNT: [400, "The upload has too many parts."],
  LIMIT_FIELD_COUNT: [400, "The upload has too many fields."],
  LIMIT_FIELD_KEY: [400, "A field name is too long."],
  LIMIT_FIELD_VALUE: [400, "A field value is too long."],
};

const perStorage = new WeakMap<Storage, ReturnType<typeof singleFileWith>>();

/** Accepts exactly one file in the "file" field into the app's storage (see singleFileWith). */
export function singleFile(req: Request, res: Response, next: NextFunction): void {
  const { storage } = ctx(req);
  let handler = perStorage.get(storage);
  if (!handler) {
    handler = singleFileWith(storage);
    perStorage.set(storage, handler);
  }
  handler(req, res, next);
}

const perStorageForm = new WeakMap<Storage, ReturnType<typeof singleFileWith>>();

/**
 * A staff form with an optional file besides a dozen fields (a stage after approval: a decision's visa type, dates,
 * entries and grounds), each field up to 4 KB; the same limits and answers otherwise.
 */
export function formWithFile(req: Request, res: Response, next: NextFunction): void {
  const { storage } = ctx(req);
  let handler = perStorageForm.get(storage);
  if (!handler) {
    handler = singleFileWith(storage, { fields: 12, fieldSize: 4096 });
    perStorageForm.set(storage, handler);
  }
  handler(req, res, next);
}

/** Accepts exactly one file in the "file" field; errors become clear 4xx answers and leave no temporary file. */
export function singleFileWith(storage: Storage, opts: { fields: number; fieldSize: number } = { fields: 4, fieldSize: 1024 }) {
  const upload = multer({
    storage: engine(storage),
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: 1,
      fields: opts.fields,
      parts: opts.fields + 1,
      fieldNameSize: 64,
      fieldSize: opts.fieldSize,
      headerPairs: 100,
    },
  }).single("file");
  return (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof MulterError) {
        const [status, message] = MESSAGES[err.code] ?? [400, "The upload could not be read."];
        return next(new HttpError(status, message));
      }
      const msg = String((err as Error)?.message ?? "");
      if (/Unexpected end of form|Multipart|Boundary|aborted|Malformed/i.test(msg))
        return next(new HttpError(400, "The upload was incomplete or malformed. Please try again."));
      next(err);
    });
  };
}
