// Payment states and providers as staff and applicants read them: the same words on every page, CSV and e-mail.
export const PAYMENT_STATE_LABELS = {
  pending: "Pending",
  awaiting_confirmation: "Awaiting confirmation",
  paid: "Paid",
  failed: "Failed",
  needs_attention: "Needs attention",
  refunded: "Refunded",
  /** Held for staff, then refunded in the site: never the fee, so never a receipt (docs/decisions.md). */
  returned: "Refunded, never applied",
} as const;

export const PROVIDER_LABELS = {
  demo: "Demo card",
  paystack: "Paystack",
  bank_transfer: "Bank transfer",
} as const;

export type PaymentState = keyof typeof PAYMENT_STATE_LABELS;
export type PaymentProvider = keyof typeof PROVIDER_LABELS;

/** While a transfer's proof waits for staff, the payment page says so and offers no other way to pay. */
export const TRANSFER_WAITING_TITLE = "Transfer received — we are checking it";
export const TRANSFER_WAITING_DETAIL = "The other ways to pay open again if we cannot match your transfer, or if you withdraw it.";
