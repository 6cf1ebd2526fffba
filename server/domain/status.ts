// The lifecycle of an application: who may move it from which status to which, and what a move writes.
import { TRANSFER_WAITING_DETAIL, TRANSFER_WAITING_TITLE } from "../../views/lib/payments.ts";
import { normalizeStatus, STATUS_LABELS, type Status } from "./visa.ts";

export type Actor = "applicant" | "admin";

export interface LifecycleRule {
  from: readonly Status[];
  to: readonly Status[];
  who: Actor;
  /** A note to the applicant must come with the move. */
  noteRequired: boolean;
  /** What the move is called where it is offered. */
  name?: string;
}

/** Every allowed move (README "Decisions"); anything else is refused and changes nothing. */
export const LIFECYCLE: readonly LifecycleRule[] = [
  { from: ["draft"], to: ["submitted"], who: "applicant", noteRequired: false },
  { from: ["submitted", "under_review"], to: ["under_review", "approved", "rejected"], who: "admin", noteRequired: false },
  { from: ["submitted", "under_review"], to: ["draft"], who: "admin", noteRequired: true, name: "Return for changes" },
  { from: ["approved", "rejected"], to: ["under_review"], who: "admin", noteRequired: true, name: "Reopen" },
];

export interface Move {
  to: Status;
  noteRequired: boolean;
  /** "Under Review", or the move's own name ("Return for changes"). */
  label: string;
}

/** The moves `who` may make from `from`, in the order of the statuses. */
export function allowedMoves(from: string, who: Actor): Move[] {
  const status = normalizeStatus(from);
  const moves: Move[] = [];
  for (const rule of LIFECYCLE) {
    if (rule.who !== who || !rule.from.includes(status)) continue;
    for (const to of rule.to) moves.push({ to, noteRequired: rule.noteRequired, label: rule.name ?? STATUS_LABELS[to] });
  }
  return moves;
}

export interface StatusChangeRequest {
  from: { status: string; submitted_at: Date | null };
  to: Status;
  who: Actor;
  note: string | null;
}

export type StatusChangePlan =
  | { changed: false }
  | { changed: true; setSubmittedAt: boolean }
  | { refused: "not_allowed" | "note_required"; message: string };

function describeMoves(moves: Move[]): string {
  if (moves.length === 0) return "none";
  return moves
    .map((m) => `${m.label}${m.label === STATUS_LABELS[m.to] ? "" : ` (to ${STATUS_LABELS[m.to]})`}${m.noteRequired ? " with a note" : ""}`)
    .join(", ");
}

/**
 * What a status change writes, or why it is refused. Re-setting the current status without a note changes nothing
 * and writes no history; the first submission records the submission date (a resubmission keeps the first one).
 */
export function planStatusChange({ from, to, who, note }: StatusChangeRequest): StatusChangePlan {
  if (from.status === to && !note) return { changed: false };
  const moves = allowedMoves(from.status, who);
  const move = moves.find((m) => m.to === to);
  const fromLabel = STATUS_LABELS[normalizeStatus(from.status)];
  if (!move) {
    return {
      refused: "not_allowed",
      message: `An application that is ${fromLabel} cannot move to ${STATUS_LABELS[to]}. Allowed: ${describeMoves(moves)}.`,
    };
  }
  if (move.noteRequired && !note) return { refused: "note_required", message: `${move.label} needs a note to the applicant.` };
  return { changed: true, setSubmittedAt: to === "submitted" && from.status === "draft" && from.submitted_at === null };
}

/** A draft that staff sent back (it was submitted before): the applicant sees "Changes requested". */
export const CHANGES_REQUESTED = "Changes requested";
/** The history entry of that move. */
export const RETURNED_FOR_CHANGES = "Returned for changes";

/** How long a review usually takes once the fee is paid: said on the "What happens next" page and in the e-mail. */
export const USUAL_REVIEW_TIME = "3 working days";

export const wasReturned = (row: { status: string; submitted_at: Date | string | null }) => row.status === "draft" && row.submitted_at !== null;

/** The fee is paid once, and only while the application is in the consultancy's hands and may still succeed. */
export const PAYABLE_STATUSES: readonly Status[] = ["submitted", "under_review", "approved"];

export const ALREADY_PAID = "This application has already been paid for";

/** While a transfer's proof waits for staff, no other payment is opened (one open payment per application). */
export { TRANSFER_WAITING_DETAIL, TRANSFER_WAITING_TITLE };
export const TRANSFER_WAITING = `${TRANSFER_WAITING_TITLE}. ${TRANSFER_WAITING_DETAIL}`;

export const FEE_REFUNDED = "This application's fee was refunded, so it cannot be paid again. Contact us if you want to go on with it.";

/** Why this application cannot be paid now, or undefined when it can (README "Decisions": the payment rule). */
export function paymentRefusal(row: { status: string; payment_status: string }, owesAfterLodging = false): string | undefined {
  // Paid: everything due before lodging is. An instalment due after lodging is still paid the same way.
  if (row.payment_status === "paid" && !owesAfterLodging) return ALREADY_PAID;
  if (row.payment_status === "refunded") return FEE_REFUNDED;
  if (PAYABLE_STATUSES.includes(normalizeStatus(row.status))) return undefined;
  if (row.status === "rejected") return "A rejected application cannot be paid for.";
  return "Submit your application before paying the fee.";
}

/** Once the fee is paid the visa type cannot change: the fee paid is the type's. */
export const VISA_TYPE_LOCKED = "The visa type cannot change once the fee is paid.";

export function visaTypeLocked(row: { payment_status: string }): boolean {
  return row.payment_status === "paid";
}

/** How long a status change that e-mails the applicant can be undone; its e-mail leaves at the end. */
export const UNDO_WINDOW_MS = 30_000;

export const UNDO_TOO_LATE =
  "Too late to undo: the 30 seconds have passed and the e-mail to the applicant is on its way. Change the status again if you need to.";
export const UNDO_NOT_YOURS = "Only the person who made this change, or a manager, can undo it.";
export const ALREADY_UNDONE = "This change has already been undone.";
export const UNDO_MOVED_ON = "The status has changed again since: this change can no longer be undone.";
export const CHANGE_NOT_FOUND = "Status change not found";
/** What an undone change's e-mail record says instead of a delivery. */
export const WITHDRAWN = "Not sent: the status change was undone.";
