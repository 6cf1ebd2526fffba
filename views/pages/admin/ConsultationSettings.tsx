// /admin/consultations: what can be booked — the consultation types, the notice and horizon, a staff member's weekly
// hours (Lagos time), buffer and days off — and the signed-in person's calendar feed. Plain form posts.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { SelectField, TextArea, TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { ConsultationSettingsProps, TypeEntry } from "./consultationTypes.ts";

function Csrf() {
  const { csrfToken } = useShared();
  return <input type="hidden" name="_csrf" value={csrfToken ?? ""} />;
}

const h2 = "text-lg font-semibold text-slate-900";

const CALLERS = [
  { value: "we_call", label: "We call them on the number they gave" },
  { value: "they_call", label: "They call us on our number" },
];

/**
 * The fields of how a type's meetings happen: those of one mode (an existing type's), or all three with the mode
 * each serves (the add form, before a mode is chosen). The server keeps the chosen mode's only.
 */
function PlaceFields({
  mode,
  values,
  fields,
  idPrefix,
}: {
  mode: TypeEntry["mode"] | null;
  values: Partial<TypeEntry["values"]>;
  fields: Record<string, string>;
  idPrefix: string;
}) {
  const suffix = (words: string) => (mode ? "" : ` (${words})`);
  return (
    <>
      {mode === null || mode === "video" ? (
        <TextField
          id={`${idPrefix}-video_url`}
          label={`Meeting link${suffix("video call")}`}
          name="video_url"
          type="url"
          inputMode="url"
          maxLength={500}
          placeholder="https://meet.google.com/abc-defg-hij"
          hint="The https:// address people open to join: shown on the confirmation, in the e-mail, the calendar invite and the agenda."
          required={mode === "video"}
          defaultValue={values.video_url ?? ""}
          error={fields.video_url}
        />
      ) : null}
      {mode === null || mode === "office" ? (
        <TextField
          id={`${idPrefix}-office_address`}
          label={`Office address${suffix("at our office")}`}
          name="office_address"
          maxLength={300}
          required={mode === "office"}
          defaultValue={values.office_address ?? ""}
          error={fields.office_address}
        />
      ) : null}
      {mode === null || mode === "phone" ? (
        <>
          <SelectField
            id={`${idPrefix}-phone_caller`}
            label={`Who calls${suffix("phone call")}`}
            name="phone_caller"
            placeholder="Choose who calls"
            options={CALLERS}
            required={mode === "phone"}
            defaultValue={values.phone_caller ?? ""}
            error={fields.phone_caller}
          />
          <TextField
            id={`${idPrefix}-phone_number`}
            label="Our number (when they call us)"
            name="phone_number"
            type="tel"
            inputMode="tel"
            maxLength={40}
            defaultValue={values.phone_number ?? ""}
            error={fields.phone_number}
          />
        </>
      ) : null}
    </>
  );
}

export default function ConsultationSettings({ types, modes, rules, staffOptions, staffId, availability, feed, error }: ConsultationSettingsProps) {
  const fieldsOf = (form: string) => (error?.form === form ? error.fields : {});
  const messageOf = (form: string) =>
    error?.form === form ? (
      <p role="alert" className="text-sm text-red-700">
        {error.message}
      </p>
    ) : null;
  const t = fieldsOf("type");
  const typed = error?.form === "type" ? (error.values ?? {}) : {};
  const r = fieldsOf("rules");
  const a = fieldsOf("availability");
  return (
    <AdminLayout>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Consultations</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className={h2}>Consultation types</h2>
          <ul className="mt-3 grid gap-2">
            {types.map((type) => (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
                <span>
                  <span className="block font-medium text-slate-900">
                    {type.name}
                    {type.active ? "" : " (retired)"}
                  </span>
                  <span className="block text-sm text-slate-700">{type.summary}</span>
                  {type.place ? <span className="block text-sm wrap-anywhere text-slate-700">{type.place}</span> : null}
                  {type.missing ? (
                    <span className="block text-sm font-medium text-amber-900">{type.missing} Set it under “How it happens”.</span>
                  ) : null}
                </span>
                <form method="post" action={`/admin/consultations/types/${type.id}/active`}>
                  <Csrf />
                  <input type="hidden" name="active" value={type.active ? "false" : "true"} />
                  <Button type="submit" variant="outline" aria-label={`${type.active ? "Retire" : "Offer"} ${type.name}`}>
                    {type.active ? "Retire" : "Offer"}
                  </Button>
                </form>
                <details className="w-full" open={Boolean(type.missing) || (error?.form === "place" && error.typeId === type.id)}>
                  <summary className="cursor-pointer py-1 text-sm font-medium text-brand-800 underline underline-offset-2">
                    How it happens: {type.name}
                  </summary>
                  <form
                    method="post"
                    action={`/admin/consultations/types/${type.id}/place`}
                    aria-label={`How ${type.name} happens`}
                    className="mt-2 grid gap-3"
                  >
                    <Csrf />
                    <PlaceFields
                      mode={type.mode}
                      values={type.values}
                      fields={error?.form === "place" && error.typeId === type.id ? error.fields : {}}
                      idPrefix={`type-${type.id}`}
                    />
                    {/* A field's message is beside its field; any other refusal (an expired form) here. */}
                    {error?.form === "place" && error.typeId === type.id && Object.keys(error.fields).length === 0 ? (
                      <p role="alert" className="text-sm text-red-700">
                        {error.message}
                      </p>
                    ) : null}
                    <div>
                      <Button type="submit" variant="outline">
                        Save how it happens
                      </Button>
                    </div>
                  </form>
                </details>
              </li>
            ))}
          </ul>
          <form method="post" action="/admin/consultations/types" aria-label="Add a consultation type" className="mt-4 grid gap-3">
            <Csrf />
            <h3 className="font-semibold text-slate-900">Add a consultation type</h3>
            <TextField label="Name" name="name" required maxLength={80} defaultValue={typed.name} error={t.name} />
            <TextField label="Length (minutes)" name="minutes" inputMode="numeric" required defaultValue={typed.minutes ?? "30"} error={t.minutes} />
            <TextField
              label="Price (Naira, 0 for free)"
              name="price_naira"
              inputMode="numeric"
              defaultValue={typed.price_naira ?? "0"}
              error={t.price_naira}
            />
            <SelectField label="Where" name="mode" required options={modes} defaultValue={typed.mode} error={t.mode} />
            <p className="text-sm text-slate-700">How it happens: fill in the field of the place chosen above.</p>
            <PlaceFields mode={null} values={typed} fields={t} idPrefix="new-type" />
            {messageOf("type")}
            <div>
              <Button type="submit">Add</Button>
            </div>
          </form>
        </Card>
        <Card>
          <h2 className={h2}>Booking rules</h2>
          <form method="post" action="/admin/consultations/rules" aria-label="Booking rules" className="mt-3 grid gap-3">
            <Csrf />
            <TextField
              label="Minimum notice (hours)"
              name="notice_hours"
              inputMode="numeric"
              required
              defaultValue={String(rules.noticeHours)}
              error={r.notice_hours}
            />
            <TextField
              label="Bookable ahead (weeks)"
              name="horizon_weeks"
              inputMode="numeric"
              required
              defaultValue={String(rules.horizonWeeks)}
              error={r.horizon_weeks}
            />
            {messageOf("rules")}
            <div>
              <Button type="submit">Save rules</Button>
            </div>
          </form>
          <h2 className={`${h2} mt-8`}>Your calendar feed</h2>
          <p className="mt-2 text-sm text-slate-700">
            Subscribe to your consultations from your calendar app. The address is secret: anyone who has it sees your bookings. Making a new one
            stops the old one at once.
          </p>
          {feed.url ? (
            <p role="status" className="mt-2 wrap-anywhere rounded-md border border-green-300 bg-green-50 p-2 font-mono text-sm text-slate-900">
              {feed.url}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-800">
              {feed.active ? "Your feed is on. Its address was shown once, when it was made." : "No feed yet."}
            </p>
          )}
          <form method="post" action="/admin/consultations/feed" className="mt-3">
            <Csrf />
            <Button type="submit" variant="outline">
              {feed.active ? "Make a new feed address" : "Make a feed address"}
            </Button>
          </form>
        </Card>
      </div>
      <Card className="mt-6">
        <h2 className={h2}>Availability</h2>
        <form method="get" action="/admin/consultations" aria-label="Whose availability" className="mt-3 flex flex-wrap items-end gap-3">
          <SelectField label="Staff member" name="staff" defaultValue={staffId} options={staffOptions} />
          <Button type="submit" variant="outline">
            Show
          </Button>
        </form>
        <form method="post" action={`/admin/consultations/availability/${staffId}`} aria-label="Weekly hours" className="mt-4 grid gap-3 sm:max-w-lg">
          <Csrf />
          <p className="text-sm text-slate-700">
            Hours in Lagos time, as 09:00-17:00. For a break, write several spans separated by commas, as 09:00-12:00, 14:00-17:00. Leave a day empty
            when not taking consultations.
          </p>
          {availability.hours.map((h) => (
            <TextField
              key={h.weekday}
              label={h.label}
              name={`hours_${h.weekday}`}
              defaultValue={h.value}
              maxLength={100}
              error={a[`hours_${h.weekday}`]}
            />
          ))}
          <TextField
            label="Buffer after each meeting (minutes)"
            name="buffer_minutes"
            inputMode="numeric"
            required
            defaultValue={String(availability.bufferMinutes)}
            error={a.buffer_minutes}
          />
          <TextArea label="Days off (YYYY-MM-DD, one per line)" name="days_off" rows={4} defaultValue={availability.daysOff} error={a.days_off} />
          {messageOf("availability")}
          <div>
            <Button type="submit">Save availability</Button>
          </div>
        </form>
      </Card>
    </AdminLayout>
  );
}
