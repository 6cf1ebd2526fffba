// What renders pages for one application (kept in its context): the views module, the asset manifest, the config.
import type { PageData } from "../../views/pageData.ts";
import type { Config } from "../config.ts";
import type { AssetResolver } from "./assets.ts";

export interface ViewsModule {
  renderApp(url: string, data: PageData): Promise<string>;
}

export interface Renderer {
  config: Config;
  assets: AssetResolver;
  views: () => Promise<ViewsModule>;
  /** Development only: Vite's HTML transform for the React refresh preamble. */
  devPreamble?: (url: string) => Promise<string>;
}
