// Staff export the applications list as CSV: the audit entry saying who took which filtered list (the rows stream after).
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function recordExport({ db }: ActionContext, actor: Actor, input: { filter: Record<string, unknown> }): Promise<Outcome<object>> {
  await db.transaction((trx) => auditAs(trx, actor, { action: "csv_exported", subjectType: "export", details: { filter: input.filter } }));
  return { ok: true };
}
