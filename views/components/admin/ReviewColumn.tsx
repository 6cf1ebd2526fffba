// The admin list's "To review" column (files waiting, and an overdue request) and its filter; the Overdue badge.

/** An open request past its due date (a Lagos date). */
export function OverdueBadge() {
  return <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>;
}

export function ToReviewCell({ toReview, overdue }: { toReview: number; overdue: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {toReview > 0 ? (
        <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {toReview}
          <span className="sr-only"> {toReview === 1 ? "file" : "files"} to review</span>
        </span>
      ) : (
        <span className="text-slate-600">—</span>
      )}
      {overdue ? <OverdueBadge /> : null}
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
