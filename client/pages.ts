// Loads the screen of a page object that arrived by client navigation: its name is checked against the application's
// own page list (a marketing page never reaches here: it loads in full).
import { appPages, isAppPage } from "../views/pages/appPages.ts";
import type { PageComponent } from "../views/pages/registry.ts";

export async function loadPageByName(name: string): Promise<PageComponent> {
  if (!isAppPage(name)) throw new Error(`Unknown page ${name}`);
  return (await appPages[name]()).default as PageComponent;
}
