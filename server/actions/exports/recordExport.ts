// Staff export a list as CSV (the applications, or the payments): the audit entry saying who took which filtered list (the rows stream after).
import { type ActionContext, type Actor, auditAs, type Outcome } from "../action.ts";

export async function recordExport(
  { db }: ActionContext,
  actor: Actor,
  input: { filter: Record<string, unknown>; list?: "payments" },
): Promise<Outcome<object>> {
  const details = input.list ? { list: input.list, filter: input.filter } : { filter: input.filter };
  await db.transaction((trx) => auditAs(trx, actor, { action: "csv_exported", subjectType: "export", details }));
  return { ok: true };
}
