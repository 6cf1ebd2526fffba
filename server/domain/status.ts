// The status rules of an application: which moves are allowed, and what a move writes besides the status.
import type { Status } from "./visa.ts";

export interface StatusChangeRequest {
  from: { status: string; submitted_at: Date | null };
  to: Status;
  note: string | null;
}

export type StatusChangePlan = { changed: false } | { changed: true; setSubmittedAt: boolean };

/**
 * What a status change writes. Re-setting the current status without a note changes nothing and writes no
 * history; the first submission of a draft records its submission date (a resubmission keeps the first one).
 */
export function planStatusChange({ from, to, note }: StatusChangeRequest): StatusChangePlan {
  if (from.status === to && !note) return { changed: false };
  return { changed: true, setSubmittedAt: to === "submitted" && from.status === "draft" && from.submitted_at === null };
}
