// /admin/expiring: passports and visas expiring, for a call. Two lists, server-rendered: open cases whose passport
// expires within six months of the planned return date (most embassies refuse such a passport), and issued visas
// ending within 30 days for clients who have applied with us more than once. Each names the case, the dates and a
// number to call.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import type { ExpiringEntry, ExpiringProps } from "./expiringTypes.ts";

const link = "font-medium text-brand-800 underline underline-offset-2";

function List({
  id,
  title,
  help,
  empty,
  entries,
  limit,
}: {
  id: string;
  title: string;
  help: string;
  empty: string;
  entries: ExpiringEntry[];
  limit: number;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{help}</p>
      {entries.length === 0 ? (
        <p className="mt-3 text-slate-800">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">
                <a className={link} href={e.caseHref}>
                  {e.name}
                </a>{" "}
                <span className="font-normal text-slate-700">
                  · {e.reference}
                  {e.destination ? ` · ${e.destination}` : ""}
                </span>
              </p>
              <p className="mt-1 wrap-anywhere text-slate-800">{e.line}</p>
              <p className="mt-1 wrap-anywhere text-sm text-slate-700">
                {e.phone ? (
                  <>
                    <a className={link} href={`tel:${e.phone}`} aria-label={`Call ${e.name}`}>
                      {e.phone}
                    </a>{" "}
                    ·{" "}
                  </>
                ) : (
                  "No phone number · "
                )}
                {e.officer}
              </p>
            </li>
          ))}
        </ul>
      )}
      {entries.length >= limit ? <p className="mt-2 text-sm text-slate-700">The first {limit} are shown.</p> : null}
    </section>
  );
}

export default function Expiring({ own, passports, visas, limit }: ExpiringProps) {
  return (
    <AdminLayout>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Passports and visas expiring</h1>
      <p className="mt-1 text-slate-700">
        Clients to call{own ? " on your cases" : ""}.{" "}
        <a className={link} href="/admin/appointments">
          Appointments
        </a>
      </p>
      <List
        id="passports"
        title="Passports expiring within six months of the return date"
        help="Open applications whose trip is still ahead. Most embassies want a passport valid six months beyond the stay."
        empty="No passport expires within six months of its return date."
        entries={passports}
        limit={limit}
      />
      <List
        id="visas"
        title="Visas ending within 30 days"
        help="Issued visas of clients with more than one application with us: a renewal to offer."
        empty="No visa ends within 30 days."
        entries={visas}
        limit={limit}
      />
    </AdminLayout>
  );
}
