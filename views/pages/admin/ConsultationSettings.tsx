// /admin/consultations: what can be booked — the consultation types, the notice and horizon, a staff member's weekly
// hours (Lagos time), buffer and days off — and the signed-in person's calendar feed. Plain form posts.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { SelectField, TextArea, TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { ConsultationSettingsProps } from "./consultationTypes.ts";

function Csrf() {
  const { csrfToken } = useShared();
  return <input type="hidden" name="_csrf" value={csrfToken ?? ""} />;
}

const h2 = "text-lg font-semibold text-slate-900";

export default function ConsultationSettings({ types, modes, rules, staffOptions, staffId, availability, feed, error }: ConsultationSettingsProps) {
  const fieldsOf = (form: string) => (error?.form === form ? error.fields : {});
  const messageOf = (form: string) =>
    error?.form === form ? (
      <p role="alert" className="text-sm text-red-700">
        {error.message}
      </p>
    ) : null;
  const t = fieldsOf("type");
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
                </span>
                <form method="post" action={`/admin/consultations/types/${type.id}/active`}>
                  <Csrf />
                  <input type="hidden" name="active" value={type.active ? "false" : "true"} />
                  <Button type="submit" variant="outline" aria-label={`${type.active ? "Retire" : "Offer"} ${type.name}`}>
                    {type.active ? "Retire" : "Offer"}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
          <form method="post" action="/admin/consultations/types" aria-label="Add a consultation type" className="mt-4 grid gap-3">
            <Csrf />
            <h3 className="font-semibold text-slate-900">Add a consultation type</h3>
            <TextField label="Name" name="name" required maxLength={80} error={t.name} />
            <TextField label="Length (minutes)" name="minutes" inputMode="numeric" required defaultValue="30" error={t.minutes} />
            <TextField label="Price (Naira, 0 for free)" name="price_naira" inputMode="numeric" defaultValue="0" error={t.price_naira} />
            <SelectField label="Where" name="mode" required options={modes} error={t.mode} />
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
