// The rows of the stages after approval (`case_stages`) and the visa centres staff keep (`visa_centres`).
import type { Knex } from "knex";
import type { Stage } from "../domain/caseStages.ts";
import { isUuid } from "./ids.ts";

export interface CaseStageRow {
  id: string;
  application_id: string;
  stage: Stage;
  state: "done" | "skipped";
  /** The day it happened (YYYY-MM-DD), for every done stage but the appointment. */
  on_date: string | null;
  appointment_at: Date | null;
  centre_id: string | null;
  details: Record<string, string>;
  skip_reason: string | null;
  file_key: string | null;
  file_mime: string | null;
  file_size: number | null;
  file_name: string | null;
  recorded_by: string | null;
  recorded_at: Date;
  corrected_by: string | null;
  corrected_at: Date | null;
  /** An appointment moved or missed: its row is kept, ended, and the next one is the current. */
  ended_as: "moved" | "missed" | null;
  ended_by: string | null;
  ended_at: Date | null;
}

export interface CentreRow {
  id: string;
  name: string;
  address: string;
  what_to_bring: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A stage row with the names of who recorded it and of its centre, for the pages. */
export type StageView = CaseStageRow & { recorded_by_name: string | null; ended_by_name: string | null; centre: CentreRow | null };

const DAY = "to_char(on_date, 'YYYY-MM-DD') AS on_date";

/** Every row of a case's stages (ended appointments included), oldest first, with names and centres. */
export async function listStages(db: Knex, applicationId: string): Promise<StageView[]> {
  const rows = await db("case_stages as s")
    .leftJoin("users as r", "r.id", "s.recorded_by")
    .leftJoin("users as e", "e.id", "s.ended_by")
    .where("s.application_id", applicationId)
    .orderBy([{ column: "s.recorded_at" }, { column: "s.id" }])
    .select("s.*", db.raw("to_char(s.on_date, 'YYYY-MM-DD') AS on_date"), "r.full_name as recorded_by_name", "e.full_name as ended_by_name");
  const centres = await centresByIds(
    db,
    rows.map((r) => r.centre_id).filter((id): id is string => Boolean(id)),
  );
  return rows.map((r) => ({ ...r, centre: r.centre_id ? (centres.get(r.centre_id) ?? null) : null }));
}

/** The current row of each stage of a case (the one not ended), inside the caller's transaction. */
export async function currentStages(trx: Knex, applicationId: string): Promise<Map<Stage, CaseStageRow>> {
  const rows: CaseStageRow[] = await trx("case_stages").where({ application_id: applicationId }).whereNull("ended_at").select("*", trx.raw(DAY));
  return new Map(rows.map((r) => [r.stage, r]));
}

export interface StageWrite {
  state: "done" | "skipped";
  on_date: string | null;
  appointment_at: Date | null;
  centre_id: string | null;
  details: Record<string, string>;
  skip_reason: string | null;
  file?: { key: string; mime: string; size: number; name: string } | null;
  /** The lodging's destination, the catalogue's name (null outside it): the late list and the owner's figures read it. */
  destination?: string | null;
}

const fileColumns = (file: StageWrite["file"]) =>
  file === undefined
    ? {}
    : { file_key: file?.key ?? null, file_mime: file?.mime ?? null, file_size: file?.size ?? null, file_name: file?.name ?? null };

export async function insertStage(trx: Knex.Transaction, applicationId: string, stage: Stage, by: string, w: StageWrite): Promise<CaseStageRow> {
  const { file, ...rest } = w;
  const [row] = await trx("case_stages")
    .insert({ application_id: applicationId, stage, recorded_by: by, ...rest, details: JSON.stringify(rest.details), ...fileColumns(file) })
    .returning(["*", trx.raw(DAY)]);
  return row;
}

/** A correction: the row's facts replaced (a new file replaces the old one; no file keeps it). */
export async function correctStage(trx: Knex.Transaction, id: string, by: string, w: StageWrite): Promise<CaseStageRow> {
  const { file, ...rest } = w;
  const [row] = await trx("case_stages")
    .where({ id })
    .update({ ...rest, details: JSON.stringify(rest.details), ...(file ? fileColumns(file) : {}), corrected_by: by, corrected_at: trx.fn.now() })
    .returning(["*", trx.raw(DAY)]);
  return row;
}

/** A skip undone within its day: the row goes (the audit trail keeps that it was skipped, and by whom). */
export async function deleteSkippedStage(trx: Knex.Transaction, id: string): Promise<void> {
  await trx("case_stages").where({ id, state: "skipped" }).del();
}

/** An appointment moved or missed: its row stays, ended, so the case's history shows it. */
export async function endAppointment(trx: Knex.Transaction, id: string, by: string, as: "moved" | "missed"): Promise<void> {
  await trx("case_stages").where({ id }).update({ ended_as: as, ended_by: by, ended_at: trx.fn.now() });
}

/** A stage's file with the case it belongs to (for deciding who may download it). */
export async function findStageFile(db: Knex, id: string): Promise<(CaseStageRow & { user_id: string; assignee_id: string | null }) | undefined> {
  if (!isUuid(id)) return undefined;
  return db("case_stages as s")
    .join("visa_applications as a", "a.id", "s.application_id")
    .where("s.id", id)
    .first("s.*", "a.user_id", "a.assignee_id");
}

// ---- centres ----

export async function listCentres(db: Knex, opts: { activeOnly?: boolean } = {}): Promise<CentreRow[]> {
  const q = db<CentreRow>("visa_centres").orderBy([{ column: "active", order: "desc" }, { column: "name" }]);
  return opts.activeOnly ? q.where({ active: true }) : q;
}

export async function findCentre(db: Knex, id: string): Promise<CentreRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<CentreRow>("visa_centres").where({ id }).first();
}

async function centresByIds(db: Knex, ids: string[]): Promise<Map<string, CentreRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db<CentreRow>("visa_centres").whereIn("id", [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export type CentreFields = Pick<CentreRow, "name" | "address" | "what_to_bring">;

/** A new centre; undefined when another centre has the name (any case). */
export async function insertCentre(trx: Knex.Transaction, fields: CentreFields): Promise<CentreRow | undefined> {
  const clash = await trx("visa_centres").whereRaw("lower(name) = lower(?)", [fields.name]).first("id");
  if (clash) return undefined;
  const [row] = await trx("visa_centres").insert(fields).returning("*");
  return row;
}

/** A centre's fields changed; "taken" when another centre has the name, undefined when there is no such centre. */
export async function updateCentre(
  trx: Knex.Transaction,
  id: string,
  fields: Partial<CentreFields> & { active?: boolean },
): Promise<CentreRow | "taken" | undefined> {
  if (!isUuid(id)) return undefined;
  if (fields.name) {
    const clash = await trx("visa_centres").whereRaw("lower(name) = lower(?)", [fields.name]).whereNot({ id }).first("id");
    if (clash) return "taken";
  }
  const [row] = await trx("visa_centres")
    .where({ id })
    .update({ ...fields, updated_at: trx.fn.now() })
    .returning("*");
  return row;
}
