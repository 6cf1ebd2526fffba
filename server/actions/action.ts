// What every action shares: who acts (and from where), a refusal as data, and the audit entry written in the action's
// own transaction. An action: typed input + actor → one transaction (rules, models, outbox, audit) → result or refusal.
import type { Knex } from "knex";
import type { AppContext } from "../context.ts";
import { type AuditEvent, recordAudit } from "../models/audit.ts";

/** Who does the thing, and from where: a signed-in person on the web, an operator's command, or the system itself. */
export interface Actor {
  userId: string | null;
  via: "web" | "cli" | "system";
  /** The request's server-made id and the client's address (web only). */
  requestId?: string | null;
  ip?: string | null;
}

/** What an action needs of the application: the database, the configuration, the logger and the outbox. */
export type ActionContext = Pick<AppContext, "db" | "config" | "logger" | "outbox">;

/** A refusal the caller answers with (its HTTP status, the message a person reads, per-field messages). */
export interface Refusal {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;
  message: string;
  fields?: Record<string, string>;
}

export type Outcome<T> = ({ ok: true } & T) | Refusal;

export const refuse = (status: Refusal["status"], message: string, fields?: Record<string, string>): Refusal => ({
  ok: false,
  status,
  message,
  ...(fields ? { fields } : {}),
});

/** The audit entry of the action, in its transaction: a change that rolls back leaves no entry, and the reverse. */
export function auditAs(trx: Knex.Transaction, actor: Actor, event: Omit<AuditEvent, "actorId" | "requestId" | "ip">): Promise<void> {
  return recordAudit(trx, {
    ...event,
    actorId: actor.userId,
    requestId: actor.requestId ?? null,
    ip: actor.ip ?? null,
    details: actor.via === "web" ? event.details : { ...event.details, via: actor.via },
  });
}
