// The Activity page's URL state (?person=&action=&from=&to=&page=): a value that does not parse means "any".
import type { Request } from "express";
import { z } from "zod";
import type { ActivityQuery } from "../../views/pages/admin/types.ts";
import { AUDIT_ACTIONS, type AuditAction } from "../models/audit.ts";
import { first } from "./listQuery.ts";

export const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
const day = z.preprocess(first, z.union([z.iso.date(), z.literal("")])).catch("");

const schema = z.object({
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000)).catch(1),
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

export function parseActivityQuery(req: Request): ActivityQuery & { action: AuditAction | "" } {
  return schema.parse(req.query ?? {});
}
