// Frame of the sign-in and sign-up screens: the brand, a centred card, a way back to the site.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { Plane } from "../ui/icons.ts";

export function AuthLayout({ children }: { children: ReactNode }) {
  const { site } = useShared();
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-amber-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-5">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <Plane aria-hidden="true" className="h-6 w-6 text-accent-600" />
          {site.name}
        </Link>
        <Link to="/" className="text-sm font-medium text-brand-800 underline-offset-4 hover:underline">
          Back to website
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-md flex-col px-4 pb-16 pt-6">
        {children}
      </main>
    </div>
  );
}
