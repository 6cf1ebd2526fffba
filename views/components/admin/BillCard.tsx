// The case's bill on the staff's case page: its lines (the service fee from the price list, and the lines staff added,
// each removable with a reason) and the form that adds a line. Plain form posts, usable before the page's script: the
// page loads this after it is usable. A refused form comes back with its message and what was typed.
import { type BillView, PASS_THROUGH_NOTE } from "../../lib/bill.ts";
import { useShared } from "../../shared.tsx";
import { BillLines } from "../payment/BillLines.tsx";
import { Button } from "../ui/button.tsx";
import { SelectField, TextField } from "../ui/field.tsx";

export interface BillCardProps {
  applicationId: string;
  bill: BillView | null;
  /** Why the bill cannot change now (paid, a transfer waiting), or null. */
  locked: string | null;
  unavailable: string | null;
  currency: string;
  kinds: { value: string; label: string }[];
  currencies: string[];
  refused: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> } | null;
}

export default function BillCard({ applicationId, bill, locked, unavailable, currency, kinds, currencies, refused }: BillCardProps) {
  const { csrfToken } = useShared();
  const base = `/admin/application/${applicationId}/bill/lines`;
  const add = refused?.form === "add" ? refused : null;
  const v = add?.values ?? {};
  return (
    <section aria-labelledby="bill-heading" id="bill">
      <h2 id="bill-heading" className="mb-1 text-lg font-semibold text-slate-900">
        Bill
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        What the applicant owes: our service fee, and the fees we collect on their behalf for the embassy, the visa centre or a supplier (passed on,
        not revenue: the applicant reads “{PASS_THROUGH_NOTE}” beside them).
      </p>
      {bill ? (
        <BillLines
          bill={bill}
          removeForm={
            locked
              ? undefined
              : (l) => (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-800">Remove {l.label}</summary>
                    <form method="post" action={`${base}/${l.id}/remove`} className="mt-2 grid gap-2" aria-label={`Remove ${l.label}`}>
                      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                      {refused?.form === `remove:${l.id}` ? (
                        <p role="alert" className="text-sm text-red-800">
                          {refused.message}
                        </p>
                      ) : null}
                      <TextField label="Why remove it" name="reason" required maxLength={500} />
                      <Button type="submit" variant="outline">
                        Remove line
                      </Button>
                    </form>
                  </details>
                )
          }
        />
      ) : (
        <p className="text-slate-700">{unavailable}</p>
      )}
      {locked ? (
        <p className="mt-3 text-sm text-slate-700">{locked}</p>
      ) : (
        <form method="post" action={base} className="mt-4 grid gap-3 border-t border-slate-200 pt-4" aria-label="Add a line to the bill">
          <h3 className="font-semibold text-slate-900">Add a line</h3>
          <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
          {add ? (
            <p role="alert" className="text-sm text-red-800">
              {add.message}
            </p>
          ) : null}
          <SelectField label="What it is for" name="kind" required options={kinds} defaultValue={v.kind ?? "embassy_fee"} error={add?.fields.kind} />
          <TextField label="Label" name="label" required maxLength={120} defaultValue={v.label} error={add?.fields.label} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Amount" name="amount" required inputMode="decimal" defaultValue={v.amount} error={add?.fields.amount} />
            <SelectField
              label="Currency"
              name="currency"
              options={currencies.map((c) => ({ value: c, label: c }))}
              defaultValue={v.currency ?? currency}
              error={add?.fields.currency}
            />
          </div>
          <TextField
            label={`Rate used (${currency} for one unit)`}
            hint={`Only for an amount in another currency than ${currency}.`}
            name="rate"
            inputMode="decimal"
            defaultValue={v.rate}
            error={add?.fields.rate}
          />
          <TextField label="Why it is added" name="reason" required maxLength={500} defaultValue={v.reason} error={add?.fields.reason} />
          <Button type="submit">Add line</Button>
        </form>
      )}
    </section>
  );
}
