// The contact bar above the navigation: phone, hours, a link to the contact section (SPEC §1) and "Free Consultation",
// which books one.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { topBar } from "../../content/layout.ts";
import { useShared } from "../../shared.tsx";
import { Clock, Globe, MessageSquare, Phone } from "../ui/icons.ts";
import { telHref } from "./siteFacts.ts";

/** Same-page anchor when this page has the contact section (smooth scroll), otherwise the home page's. */
export function ContactAnchor({ hasContact, className, children }: { hasContact: boolean; className: string; children: ReactNode }) {
  return hasContact ? (
    <a href="#contact" className={className}>
      {children}
    </a>
  ) : (
    <Link to="/#contact" className={className}>
      {children}
    </Link>
  );
}

export function TopBar({ hasContact }: { hasContact: boolean }) {
  const { site } = useShared();
  return (
    <aside aria-label={topBar.regionLabel} className="on-dark bg-brand-900 text-xs text-white sm:text-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1.5 whitespace-nowrap px-4 py-2 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:gap-x-5">
          <a href={telHref(site.phone)} className="inline-flex items-center gap-1.5 font-medium hover:text-amber-300">
            <Phone aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{topBar.callLabel} </span>
            {site.phone}
          </a>
          <span className="inline-flex items-center gap-1.5 text-blue-100">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {topBar.hours}
          </span>
        </div>
        <div className="flex items-center gap-x-4">
          <ContactAnchor hasContact={hasContact} className="inline-flex items-center gap-1.5 hover:text-amber-300">
            <Globe aria-hidden="true" className="h-4 w-4" />
            {topBar.offices}
          </ContactAnchor>
          <a
            href="/book"
            className="inline-flex items-center gap-1.5 rounded-full bg-accent-500 px-3 py-1 font-semibold text-slate-900 hover:bg-amber-400"
          >
            <MessageSquare aria-hidden="true" className="h-4 w-4" />
            {topBar.consultation}
          </a>
        </div>
      </div>
    </aside>
  );
}
