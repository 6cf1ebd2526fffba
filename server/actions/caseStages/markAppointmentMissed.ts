// Staff record that the applicant missed their appointment: the appointment's row is kept, ended as missed, and the
// stage is open again for a new booking. Only once its time has passed and before biometrics are recorded. The
// applicant is e-mailed in the same transaction, and the appointment's reminders (if any are still due) removed.
import { APPOINTMENT_PASSED_ON, MISSED_NOT_YET, NO_APPOINTMENT, NOT_APPROVED } from "../../domain/caseStages.ts";
import { currentStages, endAppointment, findCentre } from "../../models/caseStages.ts";
import { nextStepWords, stageMailData } from "../../presenters/caseStages.ts";
import { type ActionContext, auditAs, type Outcome, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { dropAppointmentReminders } from "./appointmentReminders.ts";
import { queueStageMessage } from "./stageMessage.ts";

export async function markAppointmentMissed(
  { db, outbox }: ActionContext,
  actor: StaffActor,
  input: { applicationId: string },
): Promise<Outcome<{ ended: string }>> {
  return db.transaction(async (trx) => {
    const app = await lockCase(trx, actor, input.applicationId);
    if ("ok" in app) return app;
    if (app.status !== "approved") return refuse(409, NOT_APPROVED);
    const current = await currentStages(trx, app.id);
    const appointment = current.get("appointment");
    if (appointment?.state !== "done" || !appointment.appointment_at) return refuse(409, NO_APPOINTMENT);
    if (current.has("biometrics")) return refuse(409, APPOINTMENT_PASSED_ON);
    const now = new Date();
    if (new Date(appointment.appointment_at) > now) return refuse(409, MISSED_NOT_YET);
    await endAppointment(trx, appointment.id, actor.userId, "missed");
    await dropAppointmentReminders(trx, app.id);
    const centre = appointment.centre_id ? ((await findCentre(trx, appointment.centre_id)) ?? null) : null;
    const after = new Map(current);
    after.delete("appointment");
    await queueStageMessage(
      outbox,
      trx,
      app,
      stageMailData({ ...appointment, ended_as: "missed", centre }, "missed", nextStepWords(after, app.destination_country, now)),
    );
    await auditAs(trx, actor, { action: "appointment_missed", subjectType: "application", subjectId: app.id, details: { stage: "appointment" } });
    return { ok: true, ended: appointment.id };
  });
}
