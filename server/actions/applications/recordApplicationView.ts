// Staff open every answer of an application, the passport's included, on one screen: who read it is in the trail.
import { type ActionContext, type Actor, auditAs } from "../action.ts";

export async function recordApplicationView({ db }: ActionContext, actor: Actor, input: { applicationId: string }): Promise<void> {
  await db.transaction((trx) => auditAs(trx, actor, { action: "application_viewed", subjectType: "application", subjectId: input.applicationId }));
}
