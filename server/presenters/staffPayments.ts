// What staff see of money: a payment being refunded, the exchange rate and its history.
import type { RefundRefusal } from "../../views/components/admin/RefundForm.tsx";
import { formatDateTime } from "../../views/lib/format.ts";
import { formatMinor, formatRate } from "../../views/lib/money.ts";
import type { RecordRefundProps } from "../../views/pages/admin/RecordRefund.tsx";
import type { PaymentSettingsProps } from "../../views/pages/admin/types.ts";
import type { Currency } from "../domain/money.ts";
import type { RateRow } from "../models/exchangeRates.ts";
import type { StaffPaymentRow } from "../models/paymentLists.ts";
import type { ApplicationPaymentRow } from "../models/payments.ts";
import { providerLabel } from "./payment.ts";
import { refundLine } from "./receipt.ts";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function refundPageProps(p: StaffPaymentRow & ApplicationPaymentRow, refused: RefundRefusal | null): RecordRefundProps {
  const amountText = formatMinor(p.amount_minor, p.currency);
  return {
    payment: {
      id: p.id,
      applicationId: p.application_id,
      applicationReference: p.reference_number ?? "",
      applicant: p.applicant_name ?? "",
      amountText,
      currency: p.currency,
      provider: providerLabel(p.provider),
      reference: p.reference,
      paidAt: iso(p.paid_at),
      stateText: p.state === "refunded" ? (refundLine(p) ?? "Refunded") : p.state === "paid" ? "Paid" : p.state.replace(/_/g, " "),
      refundable: p.state === "paid",
    },
    refused,
  };
}

/** "₦1,550/$, set by Ada Obi on 24 Nov 2026, 10:05" (no name when it was set by no account, e.g. at installation). */
export const describeRate = (r: RateRow) =>
  `${formatRate(r.kobo_per_usd)}, set ${r.set_by_name ? `by ${r.set_by_name} ` : ""}on ${formatDateTime(new Date(r.set_at).toISOString())}`;

const CHARGED_IN: Record<Currency, string> = {
  NGN: "Fees are charged in Naira (PAYMENT_CURRENCY)",
  USD: "Fees are charged in US dollars (PAYMENT_CURRENCY): the exchange rate is not used for charging",
};

export function paymentSettingsProps(history: RateRow[], currency: Currency, refused: PaymentSettingsProps["refused"] = null): PaymentSettingsProps {
  return {
    current: history[0] ? describeRate(history[0]) : null,
    history: history.map((r) => ({
      rate: formatRate(Number(r.kobo_per_usd)),
      setBy: r.set_by_name ?? "—",
      setAt: new Date(r.set_at).toISOString(),
    })),
    chargedIn: CHARGED_IN[currency],
    refused,
  };
}
