// The case's bill on the staff's case page: its lines (the service fee from the price list, and the lines staff added,
// each removable with a reason) and the form that adds a line. Plain form posts, usable before the page's script: the
// page loads this after it is usable. A refused form comes back with its message and what was typed.
import { type BillView, type InstalmentView, PASS_THROUGH_NOTE } from "../../lib/bill.ts";
import { useShared } from "../../shared.tsx";
import { BillLines } from "../payment/BillLines.tsx";
import { InstalmentSchedule } from "../payment/InstalmentSchedule.tsx";
import { Button } from "../ui/button.tsx";
import { SelectField, TextField } from "../ui/field.tsx";
import { FamilyRateForm, type FamilyRateView } from "./FamilyRateForm.tsx";

export interface BillCardProps {
  applicationId: string;
  bill: BillView | null;
  /** Why the bill cannot change now (refunded, a transfer waiting), or null. */
  locked: string | null;
  /** The bill is paid: a line added now is owed as an extra instalment, due on a day staff give. */
  paid: boolean;
  unavailable: string | null;
  currency: string;
  kinds: { value: string; label: string }[];
  currencies: string[];
  refused: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> } | null;
  /** The bill's instalments when it is split (an unpaid one past its due date is "Overdue"); empty otherwise. */
  instalments: InstalmentView[];
  /** The bill may be split now: not split yet, not paid, no transfer waiting. */
  splittable: boolean;
  /** A family group's bill (the lead's case): who a line may be for, the lead and the members it covers; else empty. */
  people: { value: string; label: string }[];
  /** The lead's case of a family group: its family rate; null otherwise. */
  familyRate: FamilyRateView | null;
  /** A covered member's case: the sentence and the lead's bill, instead of a bill of its own; null otherwise. */
  groupBill: { text: string; href: string } | null;
}

const ROWS = [1, 2, 3, 4, 5, 6];

/** Staff split the bill: 2–6 rows of an amount and a due date (empty rows are left out); the last may be after lodging. */
function SplitForm({ action, csrf, refused }: { action: string; csrf: string; refused: BillCardProps["refused"] }) {
  const mine = refused?.form === "split" ? refused : null;
  const v = mine?.values ?? {};
  return (
    <details className="mt-4 border-t border-slate-200 pt-4" open={Boolean(mine)}>
      <summary className="cursor-pointer font-semibold text-brand-800">Split into instalments</summary>
      <form method="post" action={action} className="mt-3 grid gap-3" aria-label="Split the bill into instalments">
        <input type="hidden" name="_csrf" value={csrf} />
        <p className="text-sm text-slate-700">
          Two to six instalments that add up to the total. Splitting keeps the service fee at today's price. A line added or removed later goes to the
          last unpaid instalment.
        </p>
        {mine ? (
          <p role="alert" className="text-sm text-red-800">
            {mine.message}
          </p>
        ) : null}
        {ROWS.map((n) => (
          <fieldset key={n} className="grid gap-2 sm:grid-cols-2">
            <legend className="text-sm font-semibold text-slate-900">Instalment {n}</legend>
            <TextField
              label="Amount"
              name={`amount_${n}`}
              inputMode="decimal"
              required={n <= 2}
              defaultValue={v[`amount_${n}`]}
              error={mine?.fields[`amount_${n}`]}
            />
            <TextField label="Due on" name={`due_${n}`} type="date" required={n <= 2} defaultValue={v[`due_${n}`]} error={mine?.fields[`due_${n}`]} />
          </fieldset>
        ))}
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" name="after_lodging" defaultChecked={v.after_lodging === "on"} className="h-4 w-4" />
          The last instalment is due after lodging
        </label>
        <Button type="submit">Split the bill</Button>
      </form>
    </details>
  );
}

export default function BillCard({
  applicationId,
  bill,
  locked,
  paid,
  unavailable,
  currency,
  kinds,
  currencies,
  refused,
  instalments,
  splittable,
  people,
  familyRate,
  groupBill,
}: BillCardProps) {
  const { csrfToken } = useShared();
  const base = `/admin/application/${applicationId}/bill/lines`;
  const add = refused?.form === "add" ? refused : null;
  const v = add?.values ?? {};
  const heading = (
    <h2 id="bill-heading" className="mb-1 text-lg font-semibold text-slate-900">
      Bill
    </h2>
  );
  if (groupBill) {
    return (
      <section aria-labelledby="bill-heading" id="bill">
        {heading}
        <p className="text-slate-700">{groupBill.text}</p>
        <a href={groupBill.href} className="mt-2 inline-block font-semibold text-brand-800 underline">
          Open the family group's bill
        </a>
      </section>
    );
  }
  return (
    <section aria-labelledby="bill-heading" id="bill">
      {heading}
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
      {instalments.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-2 font-semibold text-slate-900">Instalments</h3>
          <InstalmentSchedule instalments={instalments} />
        </div>
      ) : null}
      {familyRate ? (
        <FamilyRateForm
          action={`/admin/application/${applicationId}/bill/family-rate`}
          csrf={csrfToken ?? ""}
          rate={familyRate}
          refused={refused?.form === "rate" ? refused : null}
        />
      ) : null}
      {splittable ? <SplitForm action={`/admin/application/${applicationId}/bill/instalments`} csrf={csrfToken ?? ""} refused={refused} /> : null}
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
          {people.length ? (
            <SelectField
              label="For whom"
              name="person"
              options={[{ value: "", label: "The whole group" }, ...people]}
              defaultValue={v.person ?? ""}
              error={add?.fields.person}
            />
          ) : null}
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
          {paid ? (
            <TextField
              label="Pay by"
              hint="The bill is paid: this line is owed as an extra instalment, which the applicant pays from their application and is reminded of before this day."
              name="due_on"
              type="date"
              required
              defaultValue={v.due_on}
              error={add?.fields.due_on}
            />
          ) : null}
          <Button type="submit">Add line</Button>
        </form>
      )}
    </section>
  );
}
