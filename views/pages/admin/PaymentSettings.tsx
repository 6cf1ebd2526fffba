// /admin/settings/payments: the exchange rate new quotes use (who set it and when), its history, a form to set a new
// one (a plain form post), and the currency fees are charged in (configuration, read-only).
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { PaymentSettingsProps } from "./types.ts";

export default function PaymentSettings({ current, history, chargedIn, refused }: PaymentSettingsProps) {
  const { csrfToken } = useShared();
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">Payment settings</h1>
      <p className="mb-6 text-slate-700">
        <a className="font-semibold text-brand-800 underline" href="/admin/settings/centres">
          Visa centres
        </a>
        : where applicants go for their appointments.{" "}
        <a className="font-semibold text-brand-800 underline" href="/admin/settings/decision-times">
          Usual decision times
        </a>
        : how long each destination's embassy usually takes.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Exchange rate</h2>
          <p className="mt-2 text-slate-900">{current ?? "No rate set yet: applicants cannot pay in Naira until you set one."}</p>
          <p className="mt-2 text-sm text-slate-700">
            New quotes use the latest rate. A payment already started keeps the rate it was quoted at for 24 hours.
          </p>
          <form method="post" action="/admin/settings/payments" aria-label="Set the exchange rate" className="mt-4 grid gap-4 sm:max-w-xs">
            <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
            <TextField
              label="New rate (Naira per US dollar)"
              name="rate"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={refused?.value ?? ""}
              hint="For example 1,550 or 1550.50"
              error={refused?.message}
            />
            <div>
              <Button type="submit">Set rate</Button>
            </div>
          </form>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Currency</h2>
          <p className="mt-2 text-slate-900">{chargedIn}</p>
          <p className="mt-2 text-sm text-slate-700">The currency is part of the site's configuration: it changes with a restart, not here.</p>
        </Card>
      </div>
      <Card className="mt-6">
        {history.length === 0 ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">Rate history</h2>
            <p className="mt-2 text-slate-700">No rate has been set yet.</p>
          </>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="mb-3 text-left text-lg font-semibold text-slate-900">Rate history (last 20)</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Set on
                </th>
                <th scope="col" className="py-2 pr-3">
                  Rate
                </th>
                <th scope="col" className="py-2">
                  Set by
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((r, i) => (
                // Newest first and never reordered: the position is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={i} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-900">
                    {formatDateTime(r.setAt)}
                  </th>
                  <td className="py-2 pr-3 font-semibold text-slate-900">{r.rate}</td>
                  <td className="py-2 text-slate-800">{r.setBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </AdminLayout>
  );
}
