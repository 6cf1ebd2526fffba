// Frame of the admin screens: a header of its own (the panel's name, the staff member's account, Sign Out), one
// navigation reaching every staff page the role may open (the managers' pages for managers only, as the server's
// guards allow) and nothing of an applicant's, and the payment notices staff must see. Below lg the navigation is a
// native <details> disclosure (it opens before any script runs); from lg it is one row of links.
import type { KeyboardEvent, ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { SessionTimeoutWarning } from "../layout/SessionTimeoutWarning.tsx";
import { SignOutButton } from "../layout/SignOutButton.tsx";
import { ChevronDown, Menu, Plane } from "../ui/icons.ts";
import { StaffNotices } from "./StaffNotices.tsx";

export interface AdminLink {
  to: string;
  label: string;
  /** Whether the page at `path` is this link's; absent: only the link's own page. */
  active?: (path: string) => boolean;
  /** Shown to managers only (the server refuses those pages to case officers). */
  managers?: boolean;
}

export const ADMIN_LINKS: AdminLink[] = [
  { to: "/admin", label: "Applications", active: (path) => path === "/admin" || path.startsWith("/admin/application/") },
  { to: "/admin/leads", label: "Leads", active: (path) => path.startsWith("/admin/leads") },
  { to: "/admin/enquiries", label: "Enquiries", active: (path) => path.startsWith("/admin/enquiries") },
  { to: "/admin/whatsapp", label: "WhatsApp" },
  // The Agenda is also the way to the visa-centre appointments, the passports and visas expiring and the cases late at the embassy (it links to each).
  {
    to: "/admin/agenda",
    label: "Agenda",
    active: (path) => path === "/admin/agenda" || path === "/admin/appointments" || path === "/admin/expiring" || path === "/admin/late-at-embassy",
  },
  { to: "/admin/consultations", label: "Consultations" },
  { to: "/admin/payments", label: "Payments", active: (path) => path.startsWith("/admin/payments"), managers: true },
  { to: "/admin/outbox", label: "Outbox", managers: true },
  { to: "/admin/analytics", label: "Analytics", managers: true },
  { to: "/admin/activity", label: "Activity", managers: true },
  { to: "/admin/staff", label: "Staff", managers: true },
  { to: "/admin/settings/payments", label: "Settings", active: (path) => path.startsWith("/admin/settings"), managers: true },
];

/** A summary without the browser's disclosure triangle. */
const summaryReset = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

/** Escape closes the open menu and gives focus back to its summary. */
function closeOnEscape(e: KeyboardEvent<HTMLDetailsElement>) {
  if (e.key !== "Escape" || !e.currentTarget.open) return;
  e.currentTarget.open = false;
  e.currentTarget.querySelector("summary")?.focus();
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, site } = useShared();
  const manager = user?.staffRole === "admin";
  const links = ADMIN_LINKS.filter((link) => manager || !link.managers);
  const current = links.find((link) => (link.active ? link.active(pathname) : pathname === link.to));
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="no-print border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/admin" className="flex items-center gap-2 font-bold text-brand-900">
            <Plane aria-hidden="true" className="h-5 w-5 text-accent-600" />
            <span className="hidden sm:inline">{site.name}</span>
            <span className="sm:hidden">Admin</span>
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            {user ? (
              <Link to="/account" className="text-sm font-semibold text-brand-800 underline">
                <span className="hidden md:inline">{user.fullName}</span>
                <span className="md:hidden">My account</span>
              </Link>
            ) : null}
            <SignOutButton />
          </div>
        </div>
        <nav aria-label="Admin" className="mx-auto max-w-7xl px-4">
          {/* Keyed by the page, so that the menu is closed again once one of its links has been followed. */}
          <details key={pathname} className="group/menu relative pb-2 lg:hidden" onKeyDown={closeOnEscape}>
            <summary
              className={`${summaryReset} inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50`}
            >
              <Menu aria-hidden="true" className="h-5 w-5" />
              <span>Menu{current ? <span className="font-normal text-slate-700">: {current.label}</span> : null}</span>
              <ChevronDown aria-hidden="true" className="h-4 w-4 group-open/menu:rotate-180" />
            </summary>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={link === current ? "page" : undefined}
                    className={`block px-4 py-3 text-base font-semibold ${
                      link === current ? "border-l-4 border-brand-800 text-brand-900" : "text-slate-800 hover:bg-slate-50"
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          <ul className="-mb-px hidden flex-wrap lg:flex lg:gap-x-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={link === current ? "page" : undefined}
                  className={`inline-block border-b-2 px-3 py-2 text-sm font-semibold ${
                    link === current
                      ? "border-brand-800 text-brand-900"
                      : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900"
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8">
        <StaffNotices />
        {children}
      </main>
      <SessionTimeoutWarning />
    </div>
  );
}
