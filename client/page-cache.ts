// Page objects already loaded, kept 5 minutes for back/forward (SPEC §9), dropped after any change.
import type { PageData } from "../views/pageData.ts";

const TTL_MS = 5 * 60_000;
const cache = new Map<string, { data: PageData; at: number }>();

export function cachedPage(url: string): PageData | undefined {
  const hit = cache.get(url);
  if (!hit) return undefined;
  if (Date.now() - hit.at > TTL_MS) {
    cache.delete(url);
    return undefined;
  }
  return hit.data;
}

export function rememberPage(url: string, data: PageData): void {
  cache.set(url, { data, at: Date.now() });
}

export function clearPageCache(): void {
  cache.clear();
}
