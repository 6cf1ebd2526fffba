// How a search's page is found when the count and the early walk run side by side: a narrow count stops the walk
// (its connection would otherwise keep reading rows nobody reads), a broad one uses it, and no failure goes unhandled.
import { describe, expect, it } from "vitest";
import { type SearchLookups, searchIdsPage } from "../../server/models/searchPaging.ts";

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `id-${from + i}`);

/** A walk that answers only when stopped, as a statement that reads on until cancelled; it records the stop. */
function walkUntilStopped() {
  const seen = { stopped: false };
  const walkedWithin = (_p: number, _s: number, _rows: number, signal: AbortSignal) =>
    new Promise<string[] | null>((_, reject) => {
      signal.addEventListener("abort", () => {
        seen.stopped = true;
        reject(Object.assign(new Error("canceling statement due to user request"), { code: "57014" }));
      });
    });
  return { seen, walkedWithin };
}

describe("a search's page", () => {
  it("stops the early walk once the count shows the search narrow, and answers from the count", async () => {
    const { seen, walkedWithin } = walkUntilStopped();
    const lookups: SearchLookups = {
      collected: async () => ({ total: 3, ids: ids(3) }),
      walked: () => Promise.reject(new Error("a narrow search needs no walk")),
      walkedWithin,
    };
    expect(await searchIdsPage(lookups, 1, 25, 1000)).toEqual({ ids: ids(3), total: 3, exact: true, page: 1, pages: 1 });
    expect(seen.stopped).toBe(true);
  });

  it("takes a broad search's page from the early walk, without a second walk", async () => {
    let walks = 0;
    const lookups: SearchLookups = {
      collected: async () => ({ total: 1001, ids: [] }),
      walked: async () => {
        walks++;
        return ids(26);
      },
      walkedWithin: async (_p, _s, _rows, signal) => (signal.aborted ? null : ids(26)),
    };
    expect(await searchIdsPage(lookups, 1, 25, 1000)).toEqual({ ids: ids(25), total: 1000, exact: false, page: 1, pages: 2 });
    expect(walks).toBe(0);
  });

  it("walks in full when the early walk found too few rows to fill the page", async () => {
    const lookups: SearchLookups = {
      collected: async () => ({ total: 1001, ids: [] }),
      walked: async () => ids(26, 100),
      walkedWithin: async () => null,
    };
    expect((await searchIdsPage(lookups, 1, 25, 1000)).ids).toEqual(ids(25, 100));
  });

  it("fails with the early walk's failure only when the search needs the walk", async () => {
    const broken = async () => {
      throw new Error("walk failed");
    };
    const narrow: SearchLookups = { collected: async () => ({ total: 2, ids: ids(2) }), walked: broken, walkedWithin: broken };
    expect((await searchIdsPage(narrow, 1, 25, 1000)).ids).toEqual(ids(2));
    const broad: SearchLookups = { collected: async () => ({ total: 1001, ids: [] }), walked: broken, walkedWithin: broken };
    await expect(searchIdsPage(broad, 1, 25, 1000)).rejects.toThrow("walk failed");
  });

  it("stops the walk when the count fails, and fails with the count's error", async () => {
    const { seen, walkedWithin } = walkUntilStopped();
    const lookups: SearchLookups = { collected: () => Promise.reject(new Error("count failed")), walked: async () => [], walkedWithin };
    await expect(searchIdsPage(lookups, 1, 25, 1000)).rejects.toThrow("count failed");
    expect(seen.stopped).toBe(true);
  });
});
