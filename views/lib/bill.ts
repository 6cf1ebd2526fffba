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
  /** On a family group's bill: the person a line staff added is for (the service fee's lines name theirs in the label). */
  person: string | null;
}

export interface BillView {
  lines: BillLineView[];
  totalMinor: number;
  totalText: string;
  /** The part collected on the applicant's behalf; null when none. */
  passThroughText: string | null;
}

export const PASS_THROUGH_NOTE = "Paid to the embassy / visa centre on your behalf";

/** One instalment of a split bill as pages show it. */
export interface InstalmentView {
  position: number;
  count: number;
  amountMinor: number;
  amountText: string;
  /** "5 Dec 2026", or "5 Dec 2026 (after lodging)". */
  dueText: string;
  afterLodging: boolean;
  /** paid; next: the one a payment now pays; later; overdue: unpaid past its due date (Lagos day). */
  state: "paid" | "next" | "later" | "overdue";
  paidText: string | null;
  /** The paid instalment's receipt code (the public check page is /receipts/<code>). */
  receiptCode: string | null;
}

export const instalmentTitle = (i: Pick<InstalmentView, "position" | "count">) => `Instalment ${i.position} of ${i.count}`;
