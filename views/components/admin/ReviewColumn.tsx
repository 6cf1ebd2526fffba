// The admin list's signals under a reference (files to review, an overdue request, unread messages), the "to review"
// filter and the Overdue badge.

/** An open request past its due date (a Lagos date). */
export function OverdueBadge() {
  return <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>;
}

/**
 * Under a case's reference in the list: files waiting for review, an overdue request and unread messages, in words
 * (nothing when none of them).
 */
export function CaseSignals({ toReview, overdue, unread }: { toReview: number; overdue: boolean; unread: number }) {
  if (toReview === 0 && !overdue && unread === 0) return null;
  const badge = "rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900";
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1">
      {toReview > 0 ? (
        <span className={badge} data-to-review>
          {toReview} {toReview === 1 ? "file" : "files"} to review
        </span>
      ) : null}
      {overdue ? <OverdueBadge /> : null}
      {unread > 0 ? (
        <span className={badge} data-unread>
          {unread === 1 ? "1 new message" : `${unread} new messages`}
        </span>
      ) : null}
    </span>
  );
}

export function ToReviewFilter({ checked }: { checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="review" value="1" defaultChecked={checked} className="h-4 w-4" />
      Files to review only
    </label>
  );
}
