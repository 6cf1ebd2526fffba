// What every change to a bill is checked against, apart from the actions that change it: the lines, the split and the
// extra instalment of a paid bill all refuse with these words.
export const BILL_PAID = "The bill is paid: its lines can no longer change.";
export const BILL_REFUNDED = "The fee was refunded: this bill can no longer change.";
export const BILL_TRANSFER_WAITS = "A bank transfer for this bill waits for confirmation: confirm or reject it on the Payments page first.";

/** The most instalments a bill may be split into (the split form offers this many rows). */
export const MAX_INSTALMENTS = 6;

/** A bill with lines or a split written under the other PAYMENT_CURRENCY cannot be priced without a rate to convert them. */
export const EARLIER_LINES_NEED_RATE =
  "This bill has lines written when fees were charged in another currency, and no exchange rate is set to convert them. Please try again later or contact us.";
