// Builds admin list URLs from the list state, leaving out default values so links stay short and shareable.
import type { ActivityQuery, ListQuery } from "./types.ts";

/** `?a=1&b=2` of `values` in the order of `keys`, leaving out empty values and those equal to their default. */
function searchOf<Q extends object>(values: Q, defaults: Partial<Q>, keys: readonly (keyof Q)[]): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = String(values[key] ?? "");
    if (value === "" || (key in defaults && value === String(defaults[key]))) continue;
    params.set(String(key), value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

const ORDER: (keyof ListQuery)[] = ["tab", "q", "status", "type", "review", "late", "sort", "size", "page"];

export function listSearch(query: ListQuery, defaults: ListQuery, overrides: Partial<ListQuery> = {}, omit: (keyof ListQuery)[] = []): string {
  return searchOf(
    { ...query, ...overrides },
    defaults,
    ORDER.filter((key) => !omit.includes(key)),
  );
}

/** The list state a submitted filter form asks for (always page 1). */
export function queryFromForm(form: HTMLFormElement, defaults: ListQuery): ListQuery {
  const data = new FormData(form);
  const text = (key: keyof ListQuery) => String(data.get(key) ?? defaults[key]).trim();
  return {
    tab: text("tab"),
    page: 1,
    size: Number(text("size")) || defaults.size,
    q: text("q"),
    status: text("status"),
    type: text("type"),
    review: data.get("review") ? "1" : "",
    late: text("late"),
    sort: text("sort"),
  };
}

const ACTIVITY_ORDER: (keyof ActivityQuery)[] = ["person", "action", "from", "to"];

/** The Activity page's query string with `change` applied (page 1 and empty filters left out). */
export function activitySearch(query: ActivityQuery, change: Partial<ActivityQuery> = {}): string {
  return searchOf({ ...query, ...change }, {}, ACTIVITY_ORDER);
}
