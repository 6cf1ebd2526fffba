// Staff add an internal note to an application (never shown to the applicant), with its audit entry.
import { addNote as insertNote, type NoteRow } from "../../models/adminNotes.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";
import { APPLICATION_NOT_FOUND } from "./changeApplicationStatus.ts";

export async function addNote(
  { db }: ActionContext,
  actor: Actor & { userId: string },
  input: { applicationId: string; note: string },
): Promise<Outcome<{ note: NoteRow }>> {
  return db.transaction(async (trx) => {
    // Held until commit, so the application cannot vanish between this look and the note's insert.
    if (!(await lockApplication(trx, input.applicationId))) return refuse(404, APPLICATION_NOT_FOUND);
    const note = await insertNote(trx, { applicationId: input.applicationId, adminId: actor.userId, note: input.note });
    if (!note) return refuse(404, APPLICATION_NOT_FOUND);
    await auditAs(trx, actor, { action: "note_added", subjectType: "application", subjectId: input.applicationId });
    return { ok: true, note };
  });
}
