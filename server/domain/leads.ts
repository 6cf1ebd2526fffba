// A lead's stages and how things that happen move it: forward only by themselves; staff may set any stage by hand
// (closing needs a reason).

export const LEAD_STAGES = ["new", "contacted", "consultation_booked", "consultation_held", "applied", "paid", "closed"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_SOURCES = ["contact_form", "package_book_now", "booking_page", "portal"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What can happen to a lead by itself (the system or the person), each moving it at most to one stage. */
export type LeadEventKind =
  | "enquiry"
  | "booking"
  | "booking_moved"
  | "booking_cancelled"
  | "booking_held"
  | "account"
  | "submitted"
  | "paid"
  | "replied";

const TARGET: Record<LeadEventKind, LeadStage | null> = {
  enquiry: "new",
  replied: "contacted",
  booking: "consultation_booked",
  // A booking moved or cancelled leaves the lead where it stands (staff decide what a cancellation means).
  booking_moved: null,
  booking_cancelled: null,
  booking_held: "consultation_held",
  // An account links the lead to the person; where they stand is unchanged until they apply.
  account: null,
  submitted: "applied",
  paid: "paid",
};

/** The progress stages in order (closed is outside the order). */
const ORDER: LeadStage[] = ["new", "contacted", "consultation_booked", "consultation_held", "applied", "paid"];

/**
 * Where `kind` moves a lead at `stage`: a later stage, or null when it stays — never backwards, and never out of
 * closed (staff reopen a closed lead by hand).
 */
export function automaticMove(stage: LeadStage, kind: LeadEventKind): LeadStage | null {
  const target = TARGET[kind];
  if (!target || stage === "closed") return null;
  return ORDER.indexOf(target) > ORDER.indexOf(stage) ? target : null;
}

/**
 * The funnel's steps after arrival: a lead counts at a step only once it has reached that step itself (a lead that
 * applied without a consultation skipped "held"; it is not counted there).
 */
export const FUNNEL_STEPS = ["consultation_held", "applied", "paid"] as const;
