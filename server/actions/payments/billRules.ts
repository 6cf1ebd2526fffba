// What every change to a bill is checked against, apart from the actions that change it: the lines, the split and the
// extra instalment of a paid bill all refuse with these words.
export const BILL_PAID = "The bill is paid: its lines can no longer change.";
export const BILL_REFUNDED = "The fee was refunded: this bill can no longer change.";
export const BILL_TRANSFER_WAITS = "A bank transfer for this bill waits for confirmation: confirm or reject it on the Payments page first.";

/** The most instalments a bill may be split into (the split form offers this many rows). */
export const MAX_INSTALMENTS = 6;
