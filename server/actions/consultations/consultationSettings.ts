// Managers set what can be booked: consultation types (added, offered or retired), the notice and horizon, and each
// staff member's availability; anyone on staff resets their own calendar feed's secret.
import type { BookingRules } from "../../domain/consultationSlots.ts";
import type { TypePlace } from "../../domain/consultations.ts";
import { type ConsultationTypeRow, insertType, saveBookingRules, setTypeActive, setTypePlace } from "../../models/consultations.ts";
import { type Availability, listStaff, resetFeedToken, saveAvailability } from "../../models/staffAvailability.ts";
import { type ActionContext, type Actor, auditAs, type Outcome, refuse } from "../action.ts";

type Staff = Actor & { userId: string };

export async function createConsultationType(
  { db }: ActionContext,
  actor: Staff,
  input: Omit<ConsultationTypeRow, "id" | "active">,
): Promise<Outcome<{ type: ConsultationTypeRow }>> {
  return db.transaction(async (trx) => {
    const type = await insertType(trx, input);
    await auditAs(trx, actor, { action: "consultation_settings_changed", details: { type: type.id, change: "added" } });
    return { ok: true, type };
  });
}

export async function setConsultationTypeActive(
  { db }: ActionContext,
  actor: Staff,
  input: { id: string; active: boolean },
): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    if (!(await setTypeActive(trx, input.id, input.active))) return refuse(404, "Consultation type not found");
    await auditAs(trx, actor, { action: "consultation_settings_changed", details: { type: input.id, change: input.active ? "offered" : "retired" } });
    return { ok: true };
  });
}

/** How a type's meetings happen: a video call's link, the office's address, who calls whom on a phone call. */
export async function setConsultationTypePlace(
  { db }: ActionContext,
  actor: Staff,
  input: { id: string; place: Omit<TypePlace, "mode"> },
): Promise<Outcome<{ type: ConsultationTypeRow }>> {
  return db.transaction(async (trx) => {
    const type = await setTypePlace(trx, input.id, input.place);
    if (!type) return refuse(404, "Consultation type not found");
    await auditAs(trx, actor, { action: "consultation_settings_changed", details: { type: type.id, change: "how it happens" } });
    return { ok: true, type };
  });
}

export async function setBookingRules({ db }: ActionContext, actor: Staff, rules: BookingRules): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    await saveBookingRules(trx, rules);
    await auditAs(trx, actor, {
      action: "consultation_settings_changed",
      details: { noticeHours: rules.noticeHours, horizonWeeks: rules.horizonWeeks },
    });
    return { ok: true };
  });
}

/** A staff member's hours, buffer and days off (only a staff account can take consultations). */
export async function setAvailability({ db }: ActionContext, actor: Staff, input: { staffId: string } & Availability): Promise<Outcome<object>> {
  return db.transaction(async (trx) => {
    if (!(await listStaff(trx)).some((s) => s.id === input.staffId)) return refuse(404, "Staff member not found");
    await saveAvailability(trx, input.staffId, input);
    await auditAs(trx, actor, {
      action: "consultation_settings_changed",
      subjectType: "account",
      subjectId: input.staffId,
      details: { change: "availability" },
    });
    return { ok: true };
  });
}

/** A new secret address for the actor's own calendar feed: the old one stops working at once. */
export async function resetCalendarFeed({ db }: ActionContext, actor: Staff): Promise<Outcome<{ token: string }>> {
  return db.transaction(async (trx) => {
    const token = await resetFeedToken(trx, actor.userId);
    await auditAs(trx, actor, {
      action: "consultation_settings_changed",
      subjectType: "account",
      subjectId: actor.userId,
      details: { change: "calendar feed reset" },
    });
    return { ok: true, token };
  });
}
