// The payment notices at the top of every admin page: simulated payments in production, and no exchange rate yet.

import { Link } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { AlertTriangle } from "../ui/icons.ts";

export function StaffNotices() {
  const { staffNotices } = useShared();
  if (!staffNotices) return null;
  return (
    <>
      {staffNotices.paymentsSimulated ? (
        <div role="status" className="no-print mb-4 flex gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          <p>
            <strong>Payments are simulated</strong>: applicants pay with the demonstration card and no money moves. To take real payments, set
            PAYMENT_PROVIDERS to paystack and/or bank_transfer (with their keys or account details) and restart the site.
          </p>
        </div>
      ) : null}
      {staffNotices.exchangeRateMissing ? (
        <div role="status" className="no-print mb-4 flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          <p>
            <Link to="/admin/settings/payments" className="font-semibold underline">
              Set the exchange rate: applicants cannot pay until you do
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}
