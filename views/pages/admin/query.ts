// Builds admin list URLs from the list state, leaving out default values so links stay short and shareable.
import type { ListQuery } from "./types.ts";

const ORDER: (keyof ListQuery)[] = ["q", "status", "type", "sort", "size", "page"];

export function listSearch(query: ListQuery, defaults: ListQuery, overrides: Partial<ListQuery> = {}, omit: (keyof ListQuery)[] = []): string {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = String(merged[key] ?? "");
    if (omit.includes(key) || value === "" || value === String(defaults[key])) continue;
    params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The list state a submitted filter form asks for (always page 1). */
export function queryFromForm(form: HTMLFormElement, defaults: ListQuery): ListQuery {
  const data = new FormData(form);
  const text = (key: keyof ListQuery) => String(data.get(key) ?? defaults[key]).trim();
  return {
    page: 1,
    size: Number(text("size")) || defaults.size,
    q: text("q"),
    status: text("status"),
    type: text("type"),
    sort: text("sort"),
  };
}
