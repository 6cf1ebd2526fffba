// The Activity page's URL state (?person=&action=&from=&to=, and ?before= or ?after= for a page further on): a filter
// that does not parse means "any"; a page link that does not parse is refused, since no page is what it asked for.
import type { Request } from "express";
import { z } from "zod";
import type { ActivityQuery } from "../../views/pages/admin/types.ts";
import { HttpError } from "../middleware/errors.ts";
import { AUDIT_ACTIONS, type AuditAction, type AuditCursor } from "../models/audit.ts";
import { first } from "./listQuery.ts";

export const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
const day = z.preprocess(first, z.union([z.iso.date(), z.literal("")])).catch("");

const schema = z.object({
  person: z
    .preprocess(
      first,
      z.string().transform((s) => s.trim().slice(0, 100)),
    )
    .catch(""),
  action: z.preprocess(first, z.union([z.enum(ACTIONS), z.literal("")])).catch(""),
  from: day,
  to: day,
});

export const BAD_CURSOR = "This Activity page link is damaged or incomplete. Open Activity again and page from there.";

/** A row's place as a link carries it: "<at to the microsecond, UTC>_<id>", base64url. */
export const encodeCursor = (c: AuditCursor): string => Buffer.from(`${c.at}_${c.id}`).toString("base64url");

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([1-9]\d{0,17})$/;

function decodeCursor(value: unknown): AuditCursor | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" && /^[A-Za-z0-9_-]{1,80}$/.test(value) ? Buffer.from(value, "base64url").toString() : "";
  const match = CURSOR.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]))) throw new HttpError(400, BAD_CURSOR);
  return { at: match[1], id: Number(match[2]) };
}

export function parseActivityQuery(req: Request): ActivityQuery & { action: AuditAction | ""; place: { before?: AuditCursor; after?: AuditCursor } } {
  const query = schema.parse(req.query ?? {});
  const before = decodeCursor(req.query?.before);
  const after = decodeCursor(req.query?.after);
  if (before && after) throw new HttpError(400, BAD_CURSOR);
  return { ...query, place: { before, after } };
}
