// Staff record a stage after approval (form lodged, appointment, biometrics, passport held, decision, passport
// returned), correct one within a day, or move the appointment (its old row kept, ended). The case's row lock (as a
// status change takes it) orders two records of one case; the rules: only an approved application, the stages in order,
// their dates in order and not in the future (an appointment normally is), each stage's fields checked. The record,
// its audit entry and the applicant's e-mail are one transaction; its file (optional) is checked and stored first,
// like a document, and removed again when the record is refused. An appointment's reminders are queued (or moved)
// in the same transaction.
import { lagosDay } from "../../domain/calendar.ts";
import {
  APPOINTMENT_PASSED_ON,
  alreadyRecorded,
  CORRECTION_CLOSED,
  CORRECTION_WINDOW_MS,
  dayRefusal,
  NO_APPOINTMENT,
  NOT_APPROVED,
  notRecorded,
  previousFirst,
  previousSettled,
  type Stage,
  type StageDays,
} from "../../domain/caseStages.ts";
import { catalogueDestination } from "../../domain/requirements.ts";
import { OVERRIDE_MANAGERS_ONLY, UNSIGNED_LODGING } from "../../domain/signatures.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { type CaseStageRow, correctStage, currentStages, endAppointment, findCentre, insertStage } from "../../models/caseStages.ts";
import { nextStepWords, stageMailData } from "../../presenters/caseStages.ts";
import { newStorageKey } from "../../storage/keys.ts";
import { STAGE_SCHEMAS, type StageFacts } from "../../validation/caseStages.ts";
import { checkInput } from "../../validation/validate.ts";
import { auditAs, type Outcome, type Refusal, refuse } from "../action.ts";
import { lockCase, type StaffActor } from "../applications/lockCase.ts";
import { type FileActionContext, type StoredFile, storeUpload, type Upload } from "../documents/storedFile.ts";
import { signatureState } from "../signatures/signatureState.ts";
import { dropAppointmentReminders, scheduleAppointmentReminders } from "./appointmentReminders.ts";
import { queueStageMessage } from "./stageMessage.ts";

/** A manager's reason to lodge without the signature: a sentence, kept in the audit trail. */
const OVERRIDE_MAX = 1000;

export interface RecordStage {
  applicationId: string;
  stage: Stage;
  /** record: a stage not recorded yet; correct: the current record, within a day; move: a new appointment time. */
  mode: "record" | "correct" | "move";
  /** The form's fields as sent. */
  fields: Record<string, unknown>;
  file: Upload | null;
  /** A manager's reason to record "Form lodged" without the applicant's valid signature (audited). */
  overrideReason?: string;
}

/** The days of the current stages, for the order rule (a skipped stage has none; the appointment its Lagos day). */
export function stageDays(current: Map<Stage, CaseStageRow>, leaveOut?: Stage): StageDays {
  const days: StageDays = {};
  for (const [stage, row] of current) {
    if (stage === leaveOut || row.state !== "done") continue;
    const day = row.appointment_at ? lagosDay(new Date(row.appointment_at)) : row.on_date;
    if (day) days[stage] = day;
  }
  return days;
}

/** The stage's fields checked, or the refusal naming each field's problem. */
export function parseStage(stage: Stage, fields: Record<string, unknown>): StageFacts | Refusal {
  const parsed = checkInput(STAGE_SCHEMAS[stage], fields);
  if (!parsed.ok) return refuse(400, Object.values(parsed.fields)[0] ?? "Check the form.", parsed.fields);
  return parsed.data;
}

export async function recordStage(ctx: FileActionContext, actor: StaffActor, input: RecordStage): Promise<Outcome<{ row: CaseStageRow }>> {
  const { db, storage, outbox } = ctx;
  // The fields first: bad input is answered before any file is kept.
  const facts = parseStage(input.stage, input.fields);
  if ("ok" in facts) {
    if (input.file) await storage.discardTemp(input.file.tempId);
    return facts;
  }
  let stored: StoredFile | null = null;
  if (input.file) {
    // The file is kept under its applicant's folder, like their documents; an unknown case keeps nothing.
    const owner = await db("visa_applications")
      .where({ id: input.applicationId })
      .first("user_id")
      .catch(() => undefined);
    if (!owner) {
      await storage.discardTemp(input.file.tempId);
      return refuse(404, "Application not found");
    }
    const kept = await storeUpload(storage, "document", input.file, (ext) => newStorageKey(owner.user_id, { stage: input.stage }, ext));
    if (!kept.ok) return { ...kept, fields: { file: kept.message } };
    stored = kept.file;
  }
  let outcome: Outcome<{ row: CaseStageRow; replacedKey: string | null }>;
  try {
    outcome = await db.transaction(async (trx) => {
      const app = await lockCase(trx, actor, input.applicationId);
      if ("ok" in app) return app;
      if (app.status !== "approved") return refuse(409, NOT_APPROVED);
      const current = await currentStages(trx, app.id);
      const existing = current.get(input.stage);
      const now = new Date();
      if (input.mode === "record") {
        if (existing) return refuse(409, alreadyRecorded(input.stage));
        if (!previousSettled(input.stage, new Set(current.keys()))) return refuse(409, previousFirst(input.stage));
      } else if (input.mode === "correct") {
        if (existing?.state !== "done") return refuse(409, notRecorded(input.stage));
        if (now.getTime() - new Date(existing.recorded_at).getTime() >= CORRECTION_WINDOW_MS) return refuse(409, CORRECTION_CLOSED);
      } else {
        if (input.stage !== "appointment" || existing?.state !== "done") return refuse(409, NO_APPOINTMENT);
        if (current.has("biometrics")) return refuse(409, APPOINTMENT_PASSED_ON);
      }
      // The form is lodged on the applicant's signature of the answer sheet as it stands (where a sheet is kept for the
      // destination); without it, only a manager may record the lodging, with a reason that goes to the audit trail.
      let override: string | null = null;
      if (input.stage === "lodged" && input.mode === "record") {
        const signature = await signatureState(trx, app);
        if (signature.state === "none" || signature.state === "void") {
          const reason = (input.overrideReason ?? "").trim();
          if (!reason) return refuse(409, UNSIGNED_LODGING);
          if (!actsAsManager(actor.staff)) return refuse(403, OVERRIDE_MANAGERS_ONLY);
          if (reason.length > OVERRIDE_MAX) {
            const message = `Keep the reason under ${OVERRIDE_MAX} characters.`;
            return refuse(400, message, { override_reason: message });
          }
          override = reason;
        }
      }
      const centre = facts.centreId ? await findCentre(trx, facts.centreId) : undefined;
      // A centre staff deactivated stays on the records that name it, but no new appointment is booked there.
      if (facts.centreId && (!centre || (!centre.active && existing?.centre_id !== centre.id)))
        return refuse(400, "Choose a centre from the list", { centre: "Choose a centre from the list" });
      const day = facts.appointmentAt ? lagosDay(facts.appointmentAt) : facts.day;
      const clash = day ? dayRefusal(input.stage, day, stageDays(current, input.stage), lagosDay(now)) : null;
      if (clash) return refuse(400, clash, { date: clash });
      const write = {
        state: "done" as const,
        on_date: facts.day,
        appointment_at: facts.appointmentAt,
        centre_id: facts.centreId,
        details: facts.details,
        skip_reason: null,
        file: stored,
        ...(input.stage === "lodged" ? { destination: catalogueDestination(app.destination_country) } : {}),
      };
      let row: CaseStageRow;
      let replacedKey: string | null = null;
      if (input.mode === "correct" && existing) {
        row = await correctStage(trx, existing.id, actor.userId, stored ? write : { ...write, file: undefined });
        if (stored) replacedKey = existing.file_key;
      } else {
        if (input.mode === "move" && existing) await endAppointment(trx, existing.id, actor.userId, "moved");
        row = await insertStage(trx, app.id, input.stage, actor.userId, write);
      }
      // The appointment's reminders follow its time; once attended, none is due.
      if (input.stage === "appointment") await scheduleAppointmentReminders(trx, row, now);
      if (input.stage === "biometrics") await dropAppointmentReminders(trx, app.id);
      const after = new Map(current).set(input.stage, row);
      const view = { ...row, centre: centre ?? null };
      const withCentres = new Map([...after].map(([k, v]) => [k, k === input.stage ? view : { ...v, centre: null }] as const));
      await queueStageMessage(
        outbox,
        trx,
        app,
        stageMailData(
          view,
          input.mode === "record" ? "recorded" : input.mode === "move" ? "moved" : "corrected",
          nextStepWords(withCentres, app.destination_country, now),
        ),
      );
      await auditAs(trx, actor, {
        action: input.mode === "record" ? "case_stage_recorded" : input.mode === "move" ? "appointment_moved" : "case_stage_corrected",
        subjectType: "application",
        subjectId: app.id,
        details: {
          stage: input.stage,
          ...(stored ? { file: stored.name } : {}),
          ...(facts.details.outcome ? { outcome: facts.details.outcome } : {}),
        },
      });
      if (override)
        await auditAs(trx, actor, {
          action: "lodged_without_signature",
          subjectType: "application",
          subjectId: app.id,
          details: { reason: override },
        });
      return { ok: true, row, replacedKey };
    });
  } catch (err) {
    if (stored) await storage.remove(stored.key);
    throw err;
  }
  if (!outcome.ok) {
    if (stored) await storage.remove(stored.key);
    return outcome;
  }
  if (outcome.replacedKey) await storage.remove(outcome.replacedKey);
  return { ok: true, row: outcome.row };
}
