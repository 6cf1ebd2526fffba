// Star rating with one accessible label ("Rated 5 out of 5") instead of five unlabeled icons.

import { ratingLabel } from "../../content/layout.ts";
import { Star } from "../ui/icons.ts";

export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <div role="img" aria-label={ratingLabel(rating)} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`h-5 w-5 ${n <= full ? "fill-amber-400 text-amber-500" : "text-slate-300"}`} />
      ))}
    </div>
  );
}
