// A payment held for staff (Needs attention), on its page: Apply it to the case's bill when it is exactly what is owed
// now, or Refund it (through Paystack, or a transfer back made by hand with the bank's reference). Plain form posts.

import type { HeldView } from "../../pages/admin/paymentTypes.ts";
import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextArea, TextField } from "../ui/field.tsx";
import { Check, X } from "../ui/icons.ts";
import { Card } from "../ui/misc.tsx";

export interface HeldRefusal {
  form: "apply" | "refund";
  message: string;
  fields: Record<string, string>;
  values: { reason: string; bankReference: string };
}

function Refusal({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
      {message}
    </p>
  );
}

export function HeldPaymentForms({
  paymentId,
  applicationId,
  held,
  refused,
}: {
  paymentId: string;
  applicationId: string;
  held: HeldView;
  refused: HeldRefusal | null;
}) {
  const { csrfToken } = useShared();
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <input type="hidden" name="application" value={applicationId} />
    </>
  );
  const applyRefused = refused?.form === "apply" ? refused : null;
  const refundRefused = refused?.form === "refund" ? refused : null;
  return (
    <Card>
      <section aria-labelledby="held-heading">
        <h2 id="held-heading" className="text-lg font-semibold text-slate-900">
          Held: apply or refund {held.arrivedText}
        </h2>
        <p className="mt-1 text-sm text-slate-700">This money was not taken as the fee. Apply it to the case's bill, or give it back.</p>
        <form method="post" action={`/admin/payments/${paymentId}/held/apply`} className="mt-4 grid gap-3" aria-label="Apply to the bill">
          {hidden}
          {applyRefused ? <Refusal message={applyRefused.message} /> : null}
          <p className={held.canApply ? "text-slate-800" : "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"}>
            {held.applyText}
          </p>
          {held.canApply ? (
            <Button type="submit" className="justify-self-start">
              <Check aria-hidden="true" className="h-4 w-4" />
              Apply to the bill
            </Button>
          ) : null}
        </form>
        <form
          method="post"
          action={`/admin/payments/${paymentId}/held/refund`}
          className="mt-6 grid gap-3 border-t border-slate-200 pt-4"
          aria-label="Refund the held payment"
        >
          {hidden}
          {refundRefused ? <Refusal message={refundRefused.message} /> : null}
          <p className="text-sm text-slate-700">
            {held.refundThrough === "paystack"
              ? `Refunds ${held.arrivedText} through Paystack, to the card or account it came from.`
              : `Transfer ${held.arrivedText} back from the bank first, then record it here with the bank's reference.`}
          </p>
          <TextArea
            label="Reason for the refund"
            name="reason"
            required
            maxLength={500}
            rows={3}
            defaultValue={refundRefused?.values.reason ?? ""}
            error={refundRefused?.fields.reason}
          />
          {held.refundThrough === "hand" ? (
            <TextField
              label="Bank's reference of the transfer back"
              name="bankReference"
              required
              maxLength={100}
              defaultValue={refundRefused?.values.bankReference ?? ""}
              error={refundRefused?.fields.bankReference}
            />
          ) : null}
          <Button type="submit" variant="destructive" className="justify-self-start">
            <X aria-hidden="true" className="h-4 w-4" />
            Refund {held.arrivedText}
          </Button>
        </form>
      </section>
    </Card>
  );
}
