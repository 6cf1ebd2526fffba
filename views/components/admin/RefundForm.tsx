// Staff record a refund of a paid fee: the amount (empty: the whole) and the reason the applicant reads. A plain form
// post (works without script); a refused one comes back with its message and what was typed.

import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextArea, TextField } from "../ui/field.tsx";
import { Undo2 } from "../ui/icons.ts";

export interface RefundRefusal {
  message: string;
  fields: Record<string, string>;
  values: { amount: string; reason: string };
}

export interface RefundFormProps {
  paymentId: string;
  /** The amount paid, e.g. "₦232,500". */
  amountText: string;
  currency: string;
  /** After a refused post: why, per field, and what was typed. */
  refused?: RefundRefusal | null;
}

export function RefundForm({ paymentId, amountText, currency, refused }: RefundFormProps) {
  const { csrfToken } = useShared();
  const fieldMessage = refused && Object.keys(refused.fields).length > 0;
  return (
    <form method="post" action={`/admin/payments/${paymentId}/refund`} aria-labelledby="refund-heading" className="grid gap-4 sm:max-w-md">
      <h2 id="refund-heading" className="text-lg font-semibold text-slate-900">
        Record a refund
      </h2>
      {refused && !fieldMessage ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <TextField
        label={`Amount refunded (${currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={refused?.values.amount ?? ""}
        hint={`Leave empty to refund the whole ${amountText}.`}
        error={refused?.fields.amount}
      />
      <TextArea
        label="Reason (the applicant reads it)"
        name="reason"
        rows={3}
        maxLength={500}
        required
        defaultValue={refused?.values.reason ?? ""}
        error={refused?.fields.reason}
      />
      <div>
        <Button type="submit" variant="destructive">
          <Undo2 aria-hidden="true" className="h-4 w-4" />
          Record refund
        </Button>
      </div>
    </form>
  );
}
