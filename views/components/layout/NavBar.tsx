// The sticky navigation bar (h-20): brand, desktop menus (an island), Sign In and Contact Us (plain links: they carry no
// session, so they need no script), on a phone the WhatsApp button, and the mobile menu (a native disclosure).

import { Link, useLocation } from "react-router-dom";
import { navLabels } from "../../content/layout.ts";
import { useShared } from "../../shared.tsx";
import { buttonClass } from "../ui/button.ts";
import { Plane } from "../ui/icons.ts";
import DesktopNav from "./DesktopNav.tsx";
import { Island } from "./Island.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { WhatsAppButton } from "./WhatsAppButton.tsx";

export function NavBar() {
  const { site } = useShared();
  const { pathname } = useLocation();
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
        <Island name="desktop-nav" Component={DesktopNav} props={{ current: pathname }} />
        <div className="hidden shrink-0 items-center gap-2 lg:flex">
          <Link to="/auth" className={buttonClass("outline", "sm")}>
            {navLabels.signIn}
          </Link>
          <Link to="/contact" className={buttonClass("primary", "sm")}>
            {navLabels.contactUs}
          </Link>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <WhatsAppButton inHeader />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
