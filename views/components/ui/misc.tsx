// Small presentational pieces: card, spinner, progress bar.
import type { HTMLAttributes } from "react";

/** A card; a background or border colour given in `className` replaces the default white and grey (two of one kind
 * would leave the winner to the stylesheet's order, where white came last). */
export function Card({ className = "", ...rest }: HTMLAttributes<HTMLDivElement>) {
  const bg = /(^|\s)bg-/.test(className) ? "" : " bg-white";
  const border = /(^|\s)border-[a-z]+-\d/.test(className) ? "" : " border-slate-200";
  return <div className={`rounded-xl border${border}${bg} p-6 shadow-sm ${className}`} {...rest} />;
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-700">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
      <span>{label}…</span>
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${pct}%` }} />
    </div>
  );
}
