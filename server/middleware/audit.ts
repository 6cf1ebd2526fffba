// Audit events of the request in hand: the signed-in user, the server's request id and the client's address.
import type { Request } from "express";
import type { Knex } from "knex";
import { ctx } from "../context.ts";
import { type AuditEvent, recordAudit } from "../models/audit.ts";

/**
 * Records `event` with the request's id and address, acted by the signed-in user unless `event.actorId` says
 * otherwise (a sign-in names the account it signed into). Pass the transaction when the event belongs to a change.
 */
export function audit(req: Request, event: Omit<AuditEvent, "requestId" | "ip">, db: Knex | Knex.Transaction = ctx(req).db): Promise<void> {
  return recordAudit(db, {
    ...event,
    actorId: event.actorId === undefined ? (req.user?.id ?? null) : event.actorId,
    requestId: (req as Request & { id?: string }).id ?? null,
    ip: req.ip ?? req.socket.remoteAddress ?? null,
  });
}
