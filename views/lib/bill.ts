// A case's bill as pages show it: each line in the currency charged, and the lines collected for others marked so.
export interface BillLineView {
  /** null: the service fee from the price list (it cannot be removed). */
  id: string | null;
  kindLabel: string;
  label: string;
  amountText: string;
  /** How the amount was reached from another currency ("$150 at ₦1,550/$"); null when typed in the bill's. */
  basis: string | null;
  /** Paid to the embassy, the visa centre or a supplier on the applicant's behalf. */
  passThrough: boolean;
  reason: string | null;
}

export interface BillView {
  lines: BillLineView[];
  totalMinor: number;
  totalText: string;
  /** The part collected on the applicant's behalf; null when none. */
  passThroughText: string | null;
}

export const PASS_THROUGH_NOTE = "Paid to the embassy / visa centre on your behalf";
