// The frame of every public page: skip link, contact bar, sticky navigation, main landmark, footer, WhatsApp button.
import type { ReactNode } from "react";
import { skipLinkLabel } from "../../content/layout.ts";
import { Footer } from "./Footer.tsx";
import { NavBar } from "./NavBar.tsx";
import { TopBar } from "./TopBar.tsx";
import { WhatsAppButton } from "./WhatsAppButton.tsx";

export interface SiteLayoutProps {
  /** Copyright year, computed on the server. */
  year: number;
  /** The page has a #contact section: the top bar's links scroll to it instead of going to /#contact. */
  hasContact?: boolean;
  children: ReactNode;
}

export function SiteLayout({ year, hasContact = false, children }: SiteLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        {skipLinkLabel}
      </a>
      <TopBar hasContact={hasContact} />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <Footer year={year} />
      <WhatsAppButton />
    </div>
  );
}
