// The wizard's save state in words, announced as it changes: saving, saved, or not saved with a Retry button.
import { RefreshCw } from "../ui/icons.ts";

export function SaveStatus({ state, onRetry }: { state: "idle" | "saving" | "saved" | "failed"; onRetry: () => void }) {
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2 text-sm">
      <span role="status" aria-live="polite" className={state === "failed" ? "font-semibold text-red-700" : "text-slate-700"}>
        {state === "failed" ? "Not saved" : state === "saving" ? "Saving…" : state === "saved" ? "All changes saved" : ""}
      </span>
      {state === "failed" ? (
        <>
          <span aria-hidden="true" className="text-red-700">
            —
          </span>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex items-center gap-1 rounded-md border border-red-700 px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Retry
          </button>
        </>
      ) : null}
    </div>
  );
}
