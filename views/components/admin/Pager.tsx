// Previous/next links of a paged admin list: a link when that page exists, a disabled look-alike when it does not.

import { buttonClass } from "../ui/button.ts";
import { ButtonLink } from "../ui/button.tsx";
import { ChevronLeft, ChevronRight } from "../ui/icons.ts";

export interface PagerProps {
  /** The URL of the page before (newer, in a list newest first) and after; null when there is none. */
  prev: string | null;
  next: string | null;
  /** What the two links say ("Previous"/"Next", or "Newer"/"Older" for a trail read backwards in time). */
  labels: [prev: string, next: string];
}

export function Pager({ prev, next, labels }: PagerProps) {
  const disabled = `${buttonClass("outline", "control")} pointer-events-none opacity-50`;
  const before = (
    <>
      <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      {labels[0]}
    </>
  );
  const after = (
    <>
      {labels[1]}
      <ChevronRight aria-hidden="true" className="h-4 w-4" />
    </>
  );
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2">
      {prev ? (
        <ButtonLink to={prev} variant="outline" rel="prev">
          {before}
        </ButtonLink>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {before}
        </span>
      )}
      {next ? (
        <ButtonLink to={next} variant="outline" rel="next">
          {after}
        </ButtonLink>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {after}
        </span>
      )}
    </nav>
  );
}
