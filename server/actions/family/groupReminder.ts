// A family's appointments on one day come in one reminder: when the first reminder of the day comes due for a case of
// a family group, the group's other approved cases with an appointment on the same Lagos day (still on, not yet
// attended) are claimed for the same reminder in the same transaction, and the one e-mail to the lead's account lists
// everyone side by side. Their own jobs then find the reminder sent and send nothing.
import type { Knex } from "knex";
import { lagosDay } from "../../domain/calendar.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { type CaseStageRow, currentStages, findCentre } from "../../models/caseStages.ts";
import { appointmentWhen } from "../../presenters/caseStages.ts";

export interface GroupAppointment {
  name: string;
  reference: string;
  when: string;
  centre: string;
  centreReference: string;
}

/** The group's cases besides `app` (the lead's and every member's), or none when it is in no group. */
async function othersOfGroup(trx: Knex.Transaction, app: ApplicationRow): Promise<ApplicationRow[]> {
  const leadId = app.group_lead_id ?? app.id;
  const rows: ApplicationRow[] = await trx("visa_applications")
    .where((q) => q.where({ id: leadId }).orWhere({ group_lead_id: leadId }))
    .whereNot({ id: app.id })
    .where({ status: "approved" })
    .orderBy("created_at")
    .select("*");
  return rows;
}

/**
 * Claims the same reminder (`lead`) of each other case of the group whose current appointment is on `at`'s Lagos day,
 * still to come and not yet attended; returns those claimed, in the group's order, as the e-mail lists them.
 */
export async function claimGroupAppointments(
  trx: Knex.Transaction,
  app: ApplicationRow,
  lead: string,
  at: Date,
  now = new Date(),
): Promise<GroupAppointment[]> {
  if (!app.group_lead_id && !(await trx("visa_applications").where({ group_lead_id: app.id }).first("id"))) return [];
  const day = lagosDay(at);
  const out: GroupAppointment[] = [];
  for (const other of await othersOfGroup(trx, app)) {
    const current = await currentStages(trx, other.id);
    const appointment: CaseStageRow | undefined = current.get("appointment");
    if (!appointment?.appointment_at || appointment.state !== "done" || current.has("biometrics")) continue;
    const when = new Date(appointment.appointment_at);
    if (when <= now || lagosDay(when) !== day) continue;
    const claimed = await trx("appointment_reminders")
      .insert({ case_stage_id: appointment.id, lead, appointment_at: appointment.appointment_at })
      .onConflict(["case_stage_id", "lead", "appointment_at"])
      .ignore()
      .returning("case_stage_id");
    if (!claimed.length) continue;
    const centre = appointment.centre_id ? await findCentre(trx, appointment.centre_id) : undefined;
    out.push({
      name: other.full_name?.trim() || other.reference_number,
      reference: other.reference_number,
      when: appointmentWhen(when),
      centre: centre?.name ?? "the visa centre",
      centreReference: appointment.details.centreReference ?? "",
    });
  }
  return out;
}
