// How a search is paged at any size: counted exactly up to a cap; past it, pages are read along the list order.

/** The two ways a search finds a page of application ids. */
export interface SearchLookups {
  /** The matches (at most `limit` from each lookup when given), their count, and one page of them in list order. */
  collected(page: number, size: number, limit?: number): Promise<{ total: number; ids: string[] }>;
  /** One page read along the list order's index with the match as a filter: up to `size` + 1 ids. */
  walked(page: number, size: number): Promise<string[]>;
  /**
   * As `walked`, reading no more than the first `rows` rows in list order; null when those held too few matches to
   * fill the page (then only the full walk can say what the page is). `signal` stops it once the count shows the
   * search narrow (it then rejects).
   */
  walkedWithin?(page: number, size: number, rows: number, signal: AbortSignal): Promise<string[] | null>;
}

/**
 * A broad search matches at least one row in a hundred of those it walks (one in 40 for a common first name), so a
 * walk of a hundred rows per id of the page finds it; it is started beside the count, and cancelled when the count
 * shows the search narrow: a narrow search finds next to nothing in those rows and read them all (2,600 rows and
 * their accounts for a first page), so waiting for the walk made a search by reference or full name slower than the
 * broad ones (p95 101-102 ms at a million applications). Deeper pages keep the walk after the count.
 */
const EARLY_WALK_ROWS_PER_ID = 100;
const EARLY_WALK_MAX_ROWS = 10_000;

export interface SearchIdsPage {
  ids: string[];
  /** With `exact` false, a lower bound (more than `cap` matched). */
  total: number;
  exact: boolean;
  page: number;
  pages: number;
}

/**
 * A search counts its matches exactly up to `cap`. Past it the list says "more than", and its pages are read along
 * the sort order's index until a page is full, which is quick precisely because so many rows match.
 */
export async function searchIdsPage(lookups: SearchLookups, page: number, size: number, cap: number): Promise<SearchIdsPage> {
  const rows = (page * size + 1) * EARLY_WALK_ROWS_PER_ID;
  const stop = new AbortController();
  const early = lookups.walkedWithin && rows <= EARLY_WALK_MAX_ROWS ? lookups.walkedWithin(page, size, rows, stop.signal) : null;
  // Settles and never rejects (so no failure goes unhandled): a stopped walk's failure is expected, and any other
  // is the search's only when the search needs the walk.
  const walkedEarly = early?.then(
    (ids) => ({ ids, failure: null }),
    (failure: unknown) => ({ ids: null, failure }),
  );
  let found: { total: number; ids: string[] };
  try {
    found = await lookups.collected(page, size, cap + 1);
  } catch (err) {
    stop.abort();
    await walkedEarly;
    throw err;
  }
  if (found.total <= cap) {
    stop.abort();
    // Waited for, so the walk's connection is back in the pool (its statement cancelled) before the answer goes.
    await walkedEarly;
  } else {
    const walk = await walkedEarly;
    if (walk?.failure) throw walk.failure;
    const ids = walk?.ids ?? (await lookups.walked(page, size));
    if (ids.length) {
      const more = ids.length > size;
      const shown = more ? ids.slice(0, size) : ids;
      const seen = (page - 1) * size + shown.length;
      // The last page knows the exact count; before it, the list says "more than" what it knows.
      if (!more) return { ids: shown, total: seen, exact: true, page, pages: page };
      return { ids: shown, total: Math.max(cap, seen), exact: false, page, pages: page + 1 };
    }
    // A broad search asked past its end (rare): count every match to find its last page.
    found = await lookups.collected(page, size);
  }
  const pages = Math.max(1, Math.ceil(found.total / size));
  const shown = Math.min(page, pages);
  // Asked past the end: show the last page instead.
  if (shown !== page && found.total > 0) found = await lookups.collected(shown, size);
  return { ids: found.ids, total: found.total, exact: true, page: shown, pages };
}
