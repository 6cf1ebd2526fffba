// The applicant's reminders of a visa-centre appointment: at 07:00 Lagos two days before its day, and at 07:00 on the
// day. Jobs in PostgreSQL keyed by case and reminder, written in the transaction that books, moves or corrects the
// appointment (a new time replaces the jobs) or marks it missed (the jobs go). When a job comes due it sends only if
// the appointment it was queued for is still the case's current one at the same time, not yet attended, on an approved
// case; the sent reminder is claimed in the e-mail's transaction, so it is never sent twice. A family group's
// appointments on one day come in one reminder to the lead's account (actions/family/groupReminder.ts).
import type { Knex } from "knex";
import { addDays, lagosDay, lagosInstant } from "../../domain/calendar.ts";
import { currentStages, findCentre } from "../../models/caseStages.ts";
import { addJob, removeJob } from "../../models/jobs.ts";
import { lockApplication } from "../../models/statusChanges.ts";
import { findUserContact } from "../../models/users.ts";
import { appointmentWhen, bringList } from "../../presenters/caseStages.ts";
import type { ActionContext } from "../action.ts";
import { claimGroupAppointments } from "../family/groupReminder.ts";

export const APPOINTMENT_REMINDER_TASK = "appointment_reminder";
export const APPOINTMENT_REMINDERS = [
  { lead: "2d", daysBefore: 2 },
  { lead: "morning", daysBefore: 0 },
] as const;
export type AppointmentReminderLead = (typeof APPOINTMENT_REMINDERS)[number]["lead"];

/** 07:00 in Lagos, in minutes after midnight. */
const SEND_MINUTE = 7 * 60;

export const appointmentReminderKey = (applicationId: string, lead: AppointmentReminderLead) => `appointment-reminder:${applicationId}:${lead}`;

/** When each reminder of an appointment at `at` is due: 07:00 Lagos on its day and two days before. */
export function reminderTimes(at: Date): { lead: AppointmentReminderLead; runAt: Date }[] {
  const day = lagosDay(at);
  return APPOINTMENT_REMINDERS.map((r) => ({ lead: r.lead, runAt: lagosInstant(addDays(day, -r.daysBefore), SEND_MINUTE) }));
}

/**
 * Queues (or moves) both reminders of the case's appointment row; one whose time has passed, or that would come at
 * or after the appointment itself, is removed instead.
 */
export async function scheduleAppointmentReminders(
  trx: Knex.Transaction,
  appointment: { id: string; application_id: string; appointment_at: Date | null },
  now: Date,
): Promise<void> {
  if (!appointment.appointment_at) return dropAppointmentReminders(trx, appointment.application_id);
  const at = new Date(appointment.appointment_at);
  for (const { lead, runAt } of reminderTimes(at)) {
    const key = appointmentReminderKey(appointment.application_id, lead);
    if (runAt <= now || runAt >= at) await removeJob(trx, key);
    else
      await addJob(
        trx,
        APPOINTMENT_REMINDER_TASK,
        { applicationId: appointment.application_id, stageId: appointment.id, lead, at: at.toISOString() },
        { maxAttempts: 5, jobKey: key, runAt },
      );
  }
}

export async function dropAppointmentReminders(trx: Knex | Knex.Transaction, applicationId: string): Promise<void> {
  for (const r of APPOINTMENT_REMINDERS) await removeJob(trx, appointmentReminderKey(applicationId, r.lead));
}

export interface AppointmentReminderJob {
  applicationId: string;
  stageId: string;
  lead: AppointmentReminderLead;
  /** The appointment's time when the job was queued (ISO): a job for an older time sends nothing. */
  at: string;
}

/** A reminder job comes due: the applicant's e-mail if the appointment is still on; "sent" or why not. */
export async function sendAppointmentReminder(
  { db, outbox }: ActionContext,
  job: AppointmentReminderJob,
): Promise<"sent" | "not_current" | "already_sent"> {
  return db.transaction(async (trx) => {
    const app = await lockApplication(trx, job.applicationId);
    if (app?.status !== "approved") return "not_current";
    const current = await currentStages(trx, app.id);
    const appointment = current.get("appointment");
    if (
      !appointment ||
      appointment.id !== job.stageId ||
      appointment.state !== "done" ||
      !appointment.appointment_at ||
      new Date(appointment.appointment_at).getTime() !== Date.parse(job.at) ||
      current.has("biometrics") ||
      new Date(appointment.appointment_at) <= new Date()
    )
      return "not_current";
    const claimed = await trx("appointment_reminders")
      .insert({ case_stage_id: appointment.id, lead: job.lead, appointment_at: appointment.appointment_at })
      .onConflict(["case_stage_id", "lead", "appointment_at"])
      .ignore()
      .returning("case_stage_id");
    if (claimed.length === 0) return "already_sent";
    const account = await findUserContact(trx, app.user_id);
    if (!account) return "not_current";
    const centre = appointment.centre_id ? ((await findCentre(trx, appointment.centre_id)) ?? null) : null;
    const at = new Date(appointment.appointment_at);
    // A family group's other appointments that day come in this one e-mail to the lead's account (actions/family).
    const family = await claimGroupAppointments(trx, app, job.lead, at);
    const messageId = await outbox.queue(trx, {
      kind: "appointment_reminder",
      to: account.email,
      userId: account.id,
      applicationId: app.id,
      data: {
        name: family.length ? account.full_name : app.full_name?.trim() || account.full_name,
        person: app.full_name?.trim() || app.reference_number,
        family: family.length ? JSON.stringify(family) : null,
        reference: app.reference_number,
        applicationId: app.id,
        lead: job.lead,
        when: appointmentWhen(at),
        centre: centre?.name ?? "the visa centre",
        address: centre?.address ?? "",
        centreReference: appointment.details.centreReference ?? "",
        bring: bringList(centre).join("\n"),
      },
    });
    await trx("appointment_reminders")
      .where({ case_stage_id: appointment.id, lead: job.lead, appointment_at: appointment.appointment_at })
      .update({ message_id: messageId });
    return "sent";
  });
}
