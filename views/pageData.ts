// The page object the server renders and the client hydrates or fetches: the page's name, its props and what every
// page shares. Kept apart from types.ts, which the pages import, so that the page list is not imported back by them.
import type { PageName, PagePropsMap } from "./pages/registry.ts";
import type { Shared } from "./types.ts";

export interface PageData<N extends PageName = PageName> {
  page: N;
  title: string;
  props: PagePropsMap[N];
  shared: Shared;
  /** The client build the page was rendered for: a browser running another build loads the next page in full. */
  version: string;
}
