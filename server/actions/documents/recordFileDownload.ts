// Staff opening an applicant's file leave a row in the audit trail (the applicant opening their own does not).
import { type ActionContext, type Actor, auditAs } from "../action.ts";

export interface FileDownload {
  /** The applicant the file belongs to. */
  ownerId: string;
  subjectType: "document" | "application";
  subjectId: string;
  details: Record<string, unknown>;
}

export async function recordFileDownload({ db }: ActionContext, actor: Actor, input: FileDownload): Promise<void> {
  if (actor.userId === input.ownerId) return;
  const { subjectType, subjectId, details } = input;
  await db.transaction((trx) => auditAs(trx, actor, { action: "document_downloaded", subjectType, subjectId, details }));
}
