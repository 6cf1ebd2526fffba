// Staff add an internal note to an application (never shown to the applicant), with its audit entry.
import { addNote as insertNote, type NoteRow } from "../../models/adminNotes.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { APPLICATION_NOT_FOUND, lockCase, type StaffActor } from "./lockCase.ts";

export async function addNote(
  { db }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string; note: string },
): Promise<Outcome<{ note: NoteRow }>> {
  return db.transaction(async (trx) => {
    // Held until commit, so the application cannot vanish or change hands between this look and the note's insert.
    const row = await lockCase(trx, actor, input.applicationId);
    if ("ok" in row) return row;
    const note = await insertNote(trx, { applicationId: input.applicationId, adminId: actor.userId, note: input.note });
    if (!note) return refuse(404, APPLICATION_NOT_FOUND);
    await auditAs(trx, actor, { action: "note_added", subjectType: "application", subjectId: input.applicationId });
    return { ok: true, note };
  });
}
