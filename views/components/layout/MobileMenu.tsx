// Mobile navigation (below lg): a native <details> disclosure, so a tap opens it before any script has loaded, with an
// accordion of sections (<details name>: one open at a time). client/disclosure.ts adds Escape and tap-outside to close.

import { navLabels } from "../../content/layout.ts";
import { APPLY_ONLINE_HREF, navMenus } from "../../content/navigation.ts";
import { buttonClass } from "../ui/button.ts";
import { ChevronDown, Menu as MenuIcon, X } from "../ui/icons.ts";

const rowLink = "block px-4 py-3 text-base font-semibold text-slate-900 hover:bg-brand-50";
/** A summary without the browser's disclosure triangle. */
const summaryReset = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

export function MobileMenu() {
  return (
    <details data-menu className="group/menu lg:hidden">
      <summary
        aria-controls="mobile-menu"
        className={`${summaryReset} inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-900 hover:bg-brand-50`}
      >
        <MenuIcon aria-hidden="true" className="h-6 w-6 group-open/menu:hidden" />
        <X aria-hidden="true" className="hidden h-6 w-6 group-open/menu:block" />
        <span className="sr-only group-open/menu:hidden">{navLabels.openMenu}</span>
        <span className="sr-only hidden group-open/menu:block">{navLabels.closeMenu}</span>
      </summary>
      <nav
        id="mobile-menu"
        aria-label={navLabels.mobileNav}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg"
      >
        <ul className="divide-y divide-slate-100">
          <li>
            <a href="/" className={rowLink}>
              {navLabels.home}
            </a>
          </li>
          {navMenus.map((menu) => (
            <li key={menu.id}>
              <details name="mobile-section" className="group/section">
                <summary
                  className={`${summaryReset} flex w-full items-center justify-between px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-brand-50`}
                >
                  {menu.label}
                  <ChevronDown aria-hidden="true" className="h-5 w-5 transition-transform group-open/section:rotate-180" />
                </summary>
                <div id={`mobile-${menu.id}`} className="bg-slate-50 px-4 pb-3">
                  {menu.groups.map((group) => {
                    const headingId = `mobile-${menu.id}-${group.heading.replace(/\W+/g, "-").toLowerCase()}`;
                    return (
                      <div key={group.heading} className="pt-3">
                        <p id={headingId} className="px-2 text-xs font-bold uppercase tracking-wider text-brand-800">
                          {group.heading}
                        </p>
                        <ul aria-labelledby={headingId} className="mt-1">
                          {group.links.map((link) => (
                            <li key={link.label}>
                              <a href={link.href} className="block rounded-md px-2 py-2 text-slate-800 hover:bg-white hover:text-brand-800">
                                {link.label}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </div>
                    );
                  })}
                </div>
              </details>
            </li>
          ))}
          <li>
            <a href="/travel-packages" className={rowLink}>
              {navLabels.travelPackages}
            </a>
          </li>
          <li>
            <a href={APPLY_ONLINE_HREF} className={rowLink}>
              {navLabels.applyOnline}
            </a>
          </li>
        </ul>
        <div className="grid grid-cols-2 gap-3 border-t border-slate-200 p-4">
          <a href="/auth" className={buttonClass("outline")}>
            {navLabels.signIn}
          </a>
          <a href="/contact" className={buttonClass("primary")}>
            {navLabels.contactUs}
          </a>
        </div>
      </nav>
    </details>
  );
}
