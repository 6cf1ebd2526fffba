// The admin list's tabs: Mine, Unassigned and (managers) All with how many cases each holds, as links that keep the
// other filters.
import { Link } from "react-router-dom";
import { formatCount } from "../../lib/format.ts";
import { listSearch } from "../../pages/admin/query.ts";
import type { ListQuery } from "../../pages/admin/types.ts";
import type { Option } from "../../pages/portal/types.ts";

export function ListTabs({ tabs, query, defaults }: { tabs: (Option & { count: number })[]; query: ListQuery; defaults: ListQuery }) {
  return (
    <nav aria-label="Cases" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((t) => {
          const current = query.tab === t.value;
          return (
            <li key={t.value}>
              <Link
                to={`/admin${listSearch(query, defaults, { tab: t.value, page: 1 })}`}
                aria-current={current ? "page" : undefined}
                className={`inline-flex items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  current ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
                }`}
              >
                {t.label}
                <span className={`rounded-full px-2 text-xs ${current ? "bg-white text-brand-900" : "bg-slate-100 text-slate-800"}`}>
                  {formatCount(t.count)}
                  <span className="sr-only">{t.count === 1 ? " case" : " cases"}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
