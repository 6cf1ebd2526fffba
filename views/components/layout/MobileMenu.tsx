// Mobile navigation (below lg): a menu button and an accordion where only one section is open at a time.
import { ChevronDown, Menu as MenuIcon, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { navLabels } from "../../content/layout.ts";
import { navMenus } from "../../content/navigation.ts";
import type { NavMenu } from "../../content/types.ts";
import { buttonClass } from "../ui/button.ts";

const rowLink = "block px-4 py-3 text-base font-semibold text-slate-900 hover:bg-brand-50";

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<NavMenu["id"] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setSection(null);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-900 hover:bg-brand-50 lg:hidden"
      >
        {open ? <X aria-hidden="true" className="h-6 w-6" /> : <MenuIcon aria-hidden="true" className="h-6 w-6" />}
        <span className="sr-only">{open ? navLabels.closeMenu : navLabels.openMenu}</span>
      </button>
      <nav
        id="mobile-menu"
        aria-label={navLabels.mobileNav}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg lg:hidden"
      >
        <ul className="divide-y divide-slate-100">
          <li>
            <Link to="/" onClick={close} className={rowLink}>
              {navLabels.home}
            </Link>
          </li>
          {navMenus.map((menu) => {
            const expanded = section === menu.id;
            return (
              <li key={menu.id}>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`mobile-${menu.id}`}
                  onClick={() => setSection(expanded ? null : menu.id)}
                  className="flex w-full items-center justify-between px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-brand-50"
                >
                  {menu.label}
                  <ChevronDown aria-hidden="true" className={`h-5 w-5 transition-transform ${expanded ? "rotate-180" : ""}`} />
                </button>
                <div id={`mobile-${menu.id}`} hidden={!expanded} className="bg-slate-50 px-4 pb-3">
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
                              <Link
                                to={link.href}
                                onClick={close}
                                className="block rounded-md px-2 py-2 text-slate-800 hover:bg-white hover:text-brand-800"
                              >
                                {link.label}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    );
                  })}
                </div>
              </li>
            );
          })}
          <li>
            <Link to="/travel-packages" onClick={close} className={rowLink}>
              {navLabels.travelPackages}
            </Link>
          </li>
        </ul>
        <div className="grid grid-cols-2 gap-3 border-t border-slate-200 p-4">
          <Link to="/auth" onClick={close} className={buttonClass("outline")}>
            {navLabels.signIn}
          </Link>
          <Link to="/contact" onClick={close} className={buttonClass("primary")}>
            {navLabels.contactUs}
          </Link>
        </div>
      </nav>
    </>
  );
}
