// The payments of one application on the staff's case page. Only draws its props (a table and its links), below the
// first screen: the page loads it after it is usable (its server HTML stands until then), which keeps the page within
// its script budget.
import type { PaymentEntry } from "../../pages/admin/paymentTypes.ts";
import { PaymentTable } from "./PaymentTable.tsx";

export default function ReviewPayments({ payments }: { payments: PaymentEntry[] }) {
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="text-slate-700">No payment started yet.</p>
      ) : (
        <PaymentTable rows={payments} caption="Payments of this application, newest first" showApplication={false} />
      )}
    </section>
  );
}
