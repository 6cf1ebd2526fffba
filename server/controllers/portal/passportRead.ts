// What the job worker read from an application's passport scan, offered to its owner on step 3, with its passport
// photo's check against the destination's photo rules (the wizard asks while either is pending). Another person's
// application, or no application, answers 404.
import type { Request, Response } from "express";
import { ctx } from "../../context.ts";
import { requireUserId } from "../../middleware/auth.ts";
import { HttpError } from "../../middleware/errors.ts";
import { findForPerson } from "../../models/applications.ts";
import { passportRead } from "../../models/passportReads.ts";
import { photoCheckOf } from "../../models/photoChecks.ts";
import { passportOffer } from "../../presenters/passportRead.ts";
import { photoCheckView } from "../../presenters/photoCheck.ts";

/** GET /api/applications/:id/passport-read */
export async function passportReadApi(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const row = await findForPerson(db, String(req.params.id), requireUserId(res));
  if (!row) throw new HttpError(404, "Application not found");
  res.set("Cache-Control", "no-store");
  const [read, photo] = await Promise.all([
    row.passport_scan_path ? passportRead(db, row.id) : undefined,
    row.photo_path ? photoCheckOf(db, row.id) : undefined,
  ]);
  res.json({ ...passportOffer(config.passportReading, read), photo: photoCheckView(photo, row.destination_country) });
}
