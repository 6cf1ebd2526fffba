// /admin/consultations: the consultation types, the booking rules, each staff member's availability and the signed-in
// person's calendar feed, each changed by a plain form post.
import type { Request, Response } from "express";
import type { ConsultationSettingsProps } from "../../../views/pages/admin/consultationTypes.ts";
import * as settings from "../../actions/consultations/consultationSettings.ts";
import { ctx } from "../../context.ts";
import { CONSULTATION_MODES, MODE_LABELS } from "../../domain/consultations.ts";
import { actsAsManager } from "../../domain/staff.ts";
import { orRefuse, signedInActor } from "../../http/actions.ts";
import { siteOrigin } from "../../http/siteOrigin.ts";
import { currentUser, requireUserId } from "../../middleware/auth.ts";
import { type FormRefusal, HttpError } from "../../middleware/errors.ts";
import { redirectWithFlash } from "../../middleware/session.ts";
import { bookingRules, findType, listTypes } from "../../models/consultations.ts";
import { isUuid } from "../../models/ids.ts";
import { availabilityOf, hasFeed, listStaff } from "../../models/staffAvailability.ts";
import { availabilityProps, typeEntry } from "../../presenters/consultationAdmin.ts";
import { renderPage } from "../../render/renderPage.ts";
import { availabilitySchema, rulesSchema, typeActiveSchema, typePlaceSchema, typeSchema } from "../../validation/consultations.ts";
import { parseInput } from "../../validation/validate.ts";

const PAGE = "/admin/consultations";

async function show(
  req: Request,
  res: Response,
  status: number,
  extra: { staffId?: string; feedToken?: string; error?: ConsultationSettingsProps["error"] },
) {
  const { db } = ctx(req);
  const me = signedInActor(req, res).userId;
  // A manager sets anyone's availability; a case officer their own.
  const staff = (await listStaff(db)).filter((s) => actsAsManager(currentUser(res)) || s.id === me);
  const asked = extra.staffId ?? (typeof req.query.staff === "string" ? req.query.staff : me);
  const staffId = staff.find((s) => s.id === asked)?.id ?? me;
  const props: ConsultationSettingsProps = {
    types: (await listTypes(db)).map((t) => typeEntry(t, extra.error?.form === "place" && extra.error.typeId === t.id ? req.body : undefined)),
    modes: CONSULTATION_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] })),
    rules: await bookingRules(db),
    staffOptions: staff.map((s) => ({ value: s.id, label: s.full_name })),
    staffId,
    availability: availabilityProps(await availabilityOf(db, staffId), extra.error?.form === "availability" ? req.body : undefined),
    feed: { active: await hasFeed(db, me), url: extra.feedToken ? `${siteOrigin(req)}/calendar/${extra.feedToken}.ics` : null },
    error: extra.error ?? null,
  };
  await renderPage(req, res, "admin/ConsultationSettings", props, { title: "Consultations", status });
}

/**
 * GET /admin/consultations[?staff=<id>]; right after a new feed address was made, that address, once: it is taken out
 * of the session as it is shown, so a reload shows the feed as on and leaves it as it is.
 */
export async function consultationSettingsPage(req: Request, res: Response): Promise<void> {
  const feedToken = req.session?.newFeedToken;
  if (feedToken !== undefined) delete req.session.newFeedToken;
  await show(req, res, 200, { feedToken });
}

const refusedAs =
  (form: "type" | "place" | "rules" | "availability"): FormRefusal =>
  (req, res, { status, message, fields }) =>
    show(req, res, status, {
      staffId: typeof req.params.staffId === "string" ? req.params.staffId : undefined,
      error: {
        form,
        message,
        fields: fields ?? {},
        ...(form === "place" ? { typeId: String(req.params.id) } : {}),
        ...(form === "type" ? { values: typedValues(req.body) } : {}),
      },
    });

/** What was typed into the add form, to show again beside its message. */
function typedValues(body: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body ?? {})) if (k !== "_csrf" && typeof v === "string") out[k] = v.slice(0, 500);
  return out;
}

export const typeFormRefused = refusedAs("type");
export const typePlaceFormRefused = refusedAs("place");
export const rulesFormRefused = refusedAs("rules");
export const availabilityFormRefused = refusedAs("availability");

/** POST /admin/consultations/types {name, minutes, price_naira, mode, and the mode's video_url | office_address | phone_caller, phone_number} */
export async function typeForm(req: Request, res: Response): Promise<void> {
  const input = parseInput(typeSchema, req.body);
  const { type } = orRefuse(
    await settings.createConsultationType(ctx(req), signedInActor(req, res), {
      name: input.name,
      minutes: input.minutes,
      price_kobo: input.price_naira * 100,
      mode: input.mode,
      video_url: input.video_url,
      office_address: input.office_address,
      phone_caller: input.phone_caller,
      phone_number: input.phone_number,
    }),
  );
  redirectWithFlash(req, res, PAGE, { title: "Consultation added", description: `${type.name} can be booked now.` });
}

/** POST /admin/consultations/types/:id/active {active} */
export async function typeActiveForm(req: Request, res: Response): Promise<void> {
  const { active } = parseInput(typeActiveSchema, req.body);
  orRefuse(await settings.setConsultationTypeActive(ctx(req), signedInActor(req, res), { id: String(req.params.id), active }));
  redirectWithFlash(req, res, PAGE, { title: active ? "Consultation offered" : "Consultation retired" });
}

/** POST /admin/consultations/types/:id/place {video_url | office_address | phone_caller, phone_number}: how its meetings happen */
export async function typePlaceForm(req: Request, res: Response): Promise<void> {
  const id = String(req.params.id);
  const type = isUuid(id) ? await findType(ctx(req).db, id) : undefined;
  if (!type) throw new HttpError(404, "Consultation type not found");
  const place = parseInput(typePlaceSchema(type.mode), req.body);
  const saved = orRefuse(await settings.setConsultationTypePlace(ctx(req), signedInActor(req, res), { id: type.id, place }));
  redirectWithFlash(req, res, PAGE, { title: "Consultation saved", description: `${saved.type.name}: how it happens is saved.` });
}

/** POST /admin/consultations/rules {notice_hours, horizon_weeks} */
export async function rulesForm(req: Request, res: Response): Promise<void> {
  const input = parseInput(rulesSchema, req.body);
  orRefuse(await settings.setBookingRules(ctx(req), signedInActor(req, res), { noticeHours: input.notice_hours, horizonWeeks: input.horizon_weeks }));
  redirectWithFlash(req, res, PAGE, { title: "Booking rules saved" });
}

/** POST /admin/consultations/availability/:staffId {buffer_minutes, hours_0..hours_6 (Sunday..Saturday; spans), days_off} */
export async function availabilityForm(req: Request, res: Response): Promise<void> {
  const input = parseInput(availabilitySchema, req.body);
  const hours = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => input[`hours_${weekday}`].map((span) => ({ weekday, ...span })));
  const staffId = String(req.params.staffId);
  if (!actsAsManager(currentUser(res)) && staffId !== requireUserId(res)) throw new HttpError(404, "Not found");
  orRefuse(
    await settings.setAvailability(ctx(req), signedInActor(req, res), {
      staffId,
      bufferMinutes: input.buffer_minutes,
      hours,
      daysOff: input.days_off,
    }),
  );
  redirectWithFlash(req, res, `${PAGE}?staff=${staffId}`, { title: "Availability saved" });
}

/**
 * POST /admin/consultations/feed — a new secret feed address for the signed-in person, then back to the page (303),
 * which shows it once: reloading the page must not post again and end the address just copied.
 */
export async function feedForm(req: Request, res: Response): Promise<void> {
  const { token } = orRefuse(await settings.resetCalendarFeed(ctx(req), signedInActor(req, res)));
  req.session.newFeedToken = token;
  await redirectWithFlash(req, res, PAGE, { title: "New feed address made", description: "Copy it now: it is shown only this once." });
}
