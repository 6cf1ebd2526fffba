// Loads a page component by name; each area is its own chunk (marketing visitors never fetch portal or admin code).
import { pages as errors } from "../views/pages/errors/index.ts";
import { type AreaName, type PageArea, type PageComponent, splitPageName } from "../views/pages/registry.ts";

const loaders: Record<AreaName, () => Promise<{ pages: PageArea }>> = {
  errors: async () => ({ pages: errors }),
  public: () => import("../views/pages/public/index.ts"),
  auth: () => import("../views/pages/auth/index.ts"),
  portal: () => import("../views/pages/portal/index.ts"),
  admin: () => import("../views/pages/admin/index.ts"),
};

export async function loadPage(name: string): Promise<PageComponent> {
  const { area, screen } = splitPageName(name);
  const mod = await loaders[area]();
  const Page = mod.pages[screen];
  if (!Page) throw new Error(`Unknown page ${name}`);
  return Page;
}
