// Frame of every signed-in screen: brand, who is signed in, Admin Panel for admins, Sign Out, idle-timeout warning.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { ButtonLink } from "../ui/button.tsx";
import { Plane, ShieldCheck } from "../ui/icons.ts";
import { SessionTimeoutWarning } from "./SessionTimeoutWarning.tsx";
import { SignOutButton } from "./SignOutButton.tsx";

export function PortalLayout({ children, wide = false, area = "portal" }: { children: ReactNode; wide?: boolean; area?: "portal" | "admin" }) {
  const { user, site } = useShared();
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="no-print border-b border-slate-200 bg-white">
        <div className={`mx-auto flex flex-wrap items-center justify-between gap-3 px-4 py-3 ${wide ? "max-w-7xl" : "max-w-5xl"}`}>
          <Link to="/dashboard" className="flex items-center gap-2 font-bold text-brand-900">
            <Plane aria-hidden="true" className="h-5 w-5 text-accent-600" />
            <span className="hidden sm:inline">{site.name}</span>
            <span className="sm:hidden">{area === "admin" ? "Admin" : "My Applications"}</span>
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            {user ? (
              <Link to="/account" className="text-sm font-semibold text-brand-800 underline">
                <span className="hidden md:inline">{user.fullName}</span>
                <span className="md:hidden">My account</span>
              </Link>
            ) : null}
            {user?.isAdmin && user.twoFactor ? (
              <ButtonLink to="/admin" variant="secondary">
                <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                Admin Panel
              </ButtonLink>
            ) : user?.isAdmin ? (
              // Staff reach the panel once two-factor sign-in is on: the next step, not a link that bounces back.
              <ButtonLink to="/account/two-factor" variant="secondary">
                <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                Next: two-factor sign-in
              </ButtonLink>
            ) : null}
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`mx-auto px-4 py-8 ${wide ? "max-w-7xl" : "max-w-5xl"}`}>
        {children}
      </main>
      <SessionTimeoutWarning />
    </div>
  );
}
