// /admin/settings/decision-times: each destination's usual decision time (days from lodging to the embassy's decision),
// where the figure comes from and the day it was checked. A case waiting longer than that is late at the embassy.
// One plain form per destination.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { DecisionTimeSettingsProps } from "./decisionTimeTypes.ts";

const link = "font-semibold text-brand-800 underline";
const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, "-");

export default function DecisionTimeSettings({ destinations, today, refused, publicFigures }: DecisionTimeSettingsProps) {
  const { csrfToken } = useShared();
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">Usual decision times</h1>
      <p className="mb-6 text-slate-700">
        Days from lodging the form to the embassy's decision. A case lodged longer ago with no decision recorded is{" "}
        <a className={link} href="/admin/late-at-embassy">
          late at the embassy
        </a>
        . Waiting exactly the usual days is not late yet.{" "}
        <a className={link} href="/admin/settings/payments">
          Payment settings
        </a>
      </p>
      <Card className="mb-6">
        <h2 id="public-figures-heading" className="text-lg font-semibold text-slate-900">
          Success stories figures
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The visas issued and the success rate on the public success stories page: the written ones (5000+, 98%), or those of the decisions recorded
          on cases, shown with the period they cover. The public page shows a change within the hour.
        </p>
        <form method="post" action="/admin/settings/public-figures" aria-labelledby="public-figures-heading" className="mt-3 grid gap-3">
          <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
          {publicFigures.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {publicFigures.error}
            </p>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Figures to show</legend>
            <label className="flex items-center gap-2 text-slate-900">
              <input type="radio" name="source" value="written" defaultChecked={publicFigures.source === "written"} />
              The written figures
            </label>
            <label className="flex items-center gap-2 text-slate-900">
              <input type="radio" name="source" value="decisions" defaultChecked={publicFigures.source === "decisions"} />
              The decisions recorded on cases
            </label>
          </fieldset>
          <div className="sm:max-w-xs">
            <TextField
              id="public-figures-months"
              label="Over the last (months)"
              name="months"
              inputMode="numeric"
              autoComplete="off"
              required
              hint="1 to 60 whole months, this month included"
              defaultValue={publicFigures.months}
            />
          </div>
          <div>
            <Button type="submit">Save figures</Button>
          </div>
        </form>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {destinations.map((d) => {
          const id = slug(d.destination);
          const mine = refused?.destination === d.destination ? refused : null;
          return (
            <Card key={d.destination}>
              <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
                {d.destination}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{d.updated ?? "Not set: no case to this destination is flagged late."}</p>
              <form
                method="post"
                action="/admin/settings/decision-times"
                aria-labelledby={`${id}-heading`}
                className="mt-3 grid gap-3 sm:grid-cols-2"
              >
                <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                <input type="hidden" name="destination" value={d.destination} />
                {mine ? (
                  <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800 sm:col-span-2">
                    {mine.message}
                  </p>
                ) : null}
                <TextField
                  id={`${id}-days`}
                  label="Usual days"
                  name="usual_days"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  hint="1 to 365"
                  defaultValue={d.usualDays}
                  error={mine?.fields.usual_days}
                />
                <TextField
                  id={`${id}-checked`}
                  label="Checked on"
                  name="checked_on"
                  type="date"
                  required
                  max={today}
                  defaultValue={d.checkedOn}
                  error={mine?.fields.checked_on}
                />
                <div className="sm:col-span-2">
                  <TextField
                    id={`${id}-source`}
                    label="Source"
                    name="source"
                    required
                    maxLength={200}
                    hint="e.g. UKVI published service standard"
                    defaultValue={d.source}
                    error={mine?.fields.source}
                  />
                </div>
                <div>
                  <Button type="submit">Save</Button>
                </div>
              </form>
            </Card>
          );
        })}
      </div>
    </AdminLayout>
  );
}
