// Loads the screen of a page object that arrived by client navigation: its name is checked against the registry.
import { isPageName, loadPage, type PageComponent } from "../views/pages/registry.ts";

export async function loadPageByName(name: string): Promise<PageComponent> {
  if (!isPageName(name)) throw new Error(`Unknown page ${name}`);
  return loadPage(name);
}
