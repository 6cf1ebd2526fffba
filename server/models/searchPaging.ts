// How a search is paged at any size: counted exactly up to a cap; past it, pages are read along the list order.

/** The two ways a search finds a page of application ids. */
export interface SearchLookups {
  /** The matches (at most `limit` from each lookup when given), their count, and one page of them in list order. */
  collected(page: number, size: number, limit?: number): Promise<{ total: number; ids: string[] }>;
  /** One page read along the list order's index with the match as a filter: up to `size` + 1 ids. */
  walked(page: number, size: number): Promise<string[]>;
}

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
  let found = await lookups.collected(page, size, cap + 1);
  if (found.total > cap) {
    const ids = await lookups.walked(page, size);
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
