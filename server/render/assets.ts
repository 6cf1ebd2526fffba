// Which script, style and preload tags a page needs: from Vite's manifest in production, the dev server otherwise.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { isIslandPage } from "../../views/pages/registry.ts";
import { ROOT_DIR } from "../config.ts";

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** The entry script. */
  scripts: string[];
  styles: string[];
  /** Every other chunk the page runs at start: the application and the page's chunk, with their imports. */
  preloads: string[];
  /** The entry is added by the inline loader once the page has painted (server/render/entryLoader.ts): every built page. */
  afterPaint?: boolean;
}

export interface AssetResolver {
  /** The client build's identity (a hash of its manifest): every page object carries it. */
  version: string;
  /** The assets of a page ("area/Screen"): the entry, the application and the page's own chunk with their imports; a
   * marketing page has the islands entry alone (its islands fetch their code when they hydrate). */
  forPage(page: string): PageAssets;
}

/** Where `npm run build` writes the client; the server reads the folder CLIENT_DIR names (config.clientDir). */
export const CLIENT_DIST = path.join(ROOT_DIR, "dist", "client");
const ENTRY = "client/main.tsx";
/** The marketing pages' entry: static HTML whose islands hydrate on their own (client/islands.ts). */
const ISLANDS = "client/islands.ts";
/** The application the entry imports after the first paint (client/main.tsx). */
const APP = "client/app.tsx";

export function manifestAssets(dir = CLIENT_DIST): AssetResolver {
  const text = readFileSync(path.join(dir, ".vite", "manifest.json"), "utf8");
  const manifest = JSON.parse(text) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The client manifest has no ${ENTRY}: rebuild with npm run build`);
  const collect = (key: string, files: Set<string>, css: Set<string>, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(`/${chunk.file}`);
    for (const c of chunk.css ?? []) css.add(`/${c}`);
    for (const i of chunk.imports ?? []) collect(i, files, css, seen);
  };
  const cache = new Map<string, PageAssets>();
  return {
    version: createHash("sha256").update(text).digest("hex").slice(0, 12),
    forPage(page) {
      const hit = cache.get(page);
      if (hit) return hit;
      if (isIslandPage(page)) {
        const files = new Set<string>();
        const css = new Set<string>();
        collect(ISLANDS, files, css);
        const [script, ...imports] = [...files];
        const assets = { scripts: [script], styles: [...css], preloads: imports, afterPaint: true };
        cache.set(page, assets);
        return assets;
      }
      const entryFiles = new Set<string>();
      const css = new Set<string>();
      collect(ENTRY, entryFiles, css);
      const appFiles = new Set<string>();
      collect(APP, appFiles, css);
      // Every signed-in screen is a chunk of its own, which imports the chunks of the parts it shares with other
      // screens (client/bundling.ts). Error screens are in the application.
      collect(`views/pages/${page}.tsx`, appFiles, css);
      const [script, ...entryImports] = [...entryFiles];
      const preloads = [...entryImports, ...[...appFiles].filter((f) => !entryFiles.has(f))];
      const assets = { scripts: [script], styles: [...css], preloads, afterPaint: true };
      cache.set(page, assets);
      return assets;
    },
  };
}

/** Without a build (server tests), pages render with no client script. */
export function noAssets(): AssetResolver {
  return { version: "none", forPage: () => ({ scripts: [], styles: [], preloads: [] }) };
}

/** Development: Vite serves the entry from source and hot-reloads it, so the version never changes. */
export function devAssets(): AssetResolver {
  return { version: "dev", forPage: (page) => ({ scripts: [`/${isIslandPage(page) ? ISLANDS : ENTRY}`], styles: [], preloads: [] }) };
}
