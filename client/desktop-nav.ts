// The desktop menus' code (Radix NavigationMenu and its primitives, about 12 KB gzip) is fetched only where the menus
// show: at Tailwind's lg width (64rem) and wider. A phone never downloads it; its menu is the mobile one.
import { type ComponentType, lazy } from "react";

const desktop = window.matchMedia("(min-width: 64rem)");

const load = () => import("../views/components/layout/DesktopNav.tsx").then((m) => m.DesktopNav);

function whenDesktop(): Promise<void> {
  if (desktop.matches) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (!desktop.matches) return;
      desktop.removeEventListener("change", onChange);
      resolve();
    };
    desktop.addEventListener("change", onChange);
  });
}

/** Without its code (a lost connection) the page goes on without desktop menus rather than failing whole. */
const NoMenus: ComponentType = () => null;

/** Suspends until the window is desktop-wide and the code has arrived; React keeps the server's HTML meanwhile. */
const LazyDesktopNav = lazy(() =>
  whenDesktop()
    .then(load)
    .catch(() => NoMenus)
    .then((DesktopNav) => ({ default: DesktopNav })),
);

/**
 * The menus for the page about to hydrate: on a desktop marketing page, fetched now (beside the page's own chunk),
 * so they hydrate with the page and answer the first hover; elsewhere, the lazy ones.
 */
export async function desktopNavFor(page: string): Promise<ComponentType> {
  if (!desktop.matches || !page.startsWith("public/")) return LazyDesktopNav;
  return load().catch(() => LazyDesktopNav);
}
