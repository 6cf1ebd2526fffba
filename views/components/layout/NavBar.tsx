// The sticky navigation bar (h-20): brand, desktop menus, Sign In and Contact Us, and the mobile menu.
import { Plane } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { navLabels } from "../../content/layout.ts";
import { useDesktopNav, useShared } from "../../shared.tsx";
import { buttonClass } from "../ui/button.ts";
import { MobileMenu } from "./MobileMenu.tsx";

/** The desktop menus (lg and up): the browser fetches their code only at desktop widths (client/desktop-nav.ts). */
function DesktopMenus() {
  const DesktopNav = useDesktopNav();
  // One ordinary update after hydration. Where the menus' code is not loaded, React then gives up waiting to hydrate
  // them (their server HTML goes; it is hidden below lg anyway). Left waiting, the next navigation, a transition,
  // would wait for that code too, and a phone never fetches it.
  const [, setSettled] = useState(false);
  useEffect(() => setSettled(true), []);
  return (
    <Suspense fallback={null}>
      <DesktopNav />
    </Suspense>
  );
}

export function NavBar() {
  const { site } = useShared();
  return (
    <header className="sticky top-0 z-40 h-20 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/90">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-3 rounded-lg">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-brand-700 to-brand-900 text-white"
          >
            <Plane className="h-5 w-5 -rotate-45" />
          </span>
          {/* Between lg and xl the full menu needs the room: the name stays for screen readers only. */}
          <span className="max-w-[12rem] text-base font-bold leading-tight text-brand-900 lg:sr-only xl:not-sr-only">{site.name}</span>
        </Link>
        <DesktopMenus />
        <div className="hidden shrink-0 items-center gap-2 lg:flex">
          <Link to="/auth" className={buttonClass("outline", "sm")}>
            {navLabels.signIn}
          </Link>
          <Link to="/contact" className={buttonClass("primary", "sm")}>
            {navLabels.contactUs}
          </Link>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
