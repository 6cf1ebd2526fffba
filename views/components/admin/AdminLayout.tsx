// Frame of the admin screens: the portal layout at full width with the admin navigation (Applications, Leads, Agenda,
// Consultations; Payments, Outbox, Analytics, Activity, Staff, Settings for managers; My dashboard) and the payment
// notices staff must see.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { PortalLayout } from "../layout/PortalLayout.tsx";
import { StaffNotices } from "./StaffNotices.tsx";

/** `managers`: shown to managers only (the server refuses those pages to case officers). */
const LINKS = [
  { to: "/admin", label: "Applications", active: (path: string) => path === "/admin" || path.startsWith("/admin/application/") },
  // The pipeline is staff's entry to everyone who got in touch; an enquiry is read inside its lead.
  { to: "/admin/leads", label: "Leads", active: (path: string) => path.startsWith("/admin/leads") || path.startsWith("/admin/enquiries") },
  { to: "/admin/agenda", label: "Agenda", active: (path: string) => path === "/admin/agenda" },
  { to: "/admin/consultations", label: "Consultations", active: (path: string) => path === "/admin/consultations" },
  { to: "/admin/payments", label: "Payments", active: (path: string) => path.startsWith("/admin/payments"), managers: true },
  { to: "/admin/outbox", label: "Outbox", active: (path: string) => path === "/admin/outbox", managers: true },
  { to: "/admin/analytics", label: "Analytics", active: (path: string) => path === "/admin/analytics", managers: true },
  { to: "/admin/activity", label: "Activity", active: (path: string) => path === "/admin/activity", managers: true },
  { to: "/admin/staff", label: "Staff", active: (path: string) => path === "/admin/staff", managers: true },
  { to: "/admin/settings/payments", label: "Settings", active: (path: string) => path.startsWith("/admin/settings"), managers: true },
  { to: "/dashboard", label: "My dashboard", active: () => false },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const manager = useShared().user?.staffRole === "admin";
  return (
    <PortalLayout wide area="admin">
      <nav aria-label="Admin" className="no-print mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap sm:gap-x-1">
          {LINKS.filter((link) => manager || !link.managers).map((link) => {
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
