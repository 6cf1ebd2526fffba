// Loads a page component by name. Each marketing page is its own chunk, so a visitor downloads the code and copy of
// the page in front of them; the signed-in areas (auth, portal, admin) are one chunk each.
import { pages as errors } from "../views/pages/errors/index.ts";
import { type AreaName, type PageArea, type PageComponent, splitPageName } from "../views/pages/registry.ts";

const publicPages = import.meta.glob<PageComponent>("../views/pages/public/[A-Z]*.tsx", { import: "default" });

const areas: Record<Exclude<AreaName, "public">, () => Promise<{ pages: PageArea }>> = {
  errors: async () => ({ pages: errors }),
  auth: () => import("../views/pages/auth/index.ts"),
  portal: () => import("../views/pages/portal/index.ts"),
  admin: () => import("../views/pages/admin/index.ts"),
};

export async function loadPage(name: string): Promise<PageComponent> {
  const { area, screen } = splitPageName(name);
  const Page = area === "public" ? await publicPages[`../views/pages/public/${screen}.tsx`]?.() : (await areas[area]()).pages[screen];
  if (!Page) throw new Error(`Unknown page ${name}`);
  return Page;
}
