// Frame of the admin screens: the portal layout at full width with the admin navigation (Applications, Enquiries,
// Agenda, Payments, Outbox, Analytics, Activity, Consultations, Settings, My dashboard) and the payment notices staff must see.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { PortalLayout } from "../layout/PortalLayout.tsx";
import { StaffNotices } from "./StaffNotices.tsx";

const LINKS = [
  { to: "/admin", label: "Applications", active: (path: string) => path === "/admin" || path.startsWith("/admin/application/") },
  { to: "/admin/enquiries", label: "Enquiries", active: (path: string) => path.startsWith("/admin/enquiries") },
  { to: "/admin/agenda", label: "Agenda", active: (path: string) => path === "/admin/agenda" },
  { to: "/admin/payments", label: "Payments", active: (path: string) => path.startsWith("/admin/payments") },
  { to: "/admin/outbox", label: "Outbox", active: (path: string) => path === "/admin/outbox" },
  { to: "/admin/analytics", label: "Analytics", active: (path: string) => path === "/admin/analytics" },
  { to: "/admin/activity", label: "Activity", active: (path: string) => path === "/admin/activity" },
  { to: "/admin/consultations", label: "Consultations", active: (path: string) => path === "/admin/consultations" },
  { to: "/admin/settings/payments", label: "Settings", active: (path: string) => path.startsWith("/admin/settings") },
  { to: "/dashboard", label: "My dashboard", active: () => false },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PortalLayout wide>
      <nav aria-label="Admin" className="no-print mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap sm:gap-x-1">
          {LINKS.map((link) => {
            const current = link.active(pathname);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block border-b-2 px-1.5 py-2 sm:px-3 text-sm font-semibold ${
                    current ? "border-brand-800 text-brand-900" : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900"
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <StaffNotices />
      {children}
    </PortalLayout>
  );
}
