// Which script, style and preload tags a page needs: from Vite's manifest in production, the dev server otherwise.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";

interface ManifestChunk {
  file: string;
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
}

export interface AssetResolver {
  /** The assets of a page ("area/Screen"): the entry, and the page's own chunk or its area's chunk. */
  forPage(page: string): PageAssets;
}

export const CLIENT_DIST = path.join(ROOT_DIR, "dist", "client");
const ENTRY = "client/main.tsx";
/** The application the entry imports after the first paint (client/main.tsx). */
const APP = "client/app.tsx";

export function manifestAssets(): AssetResolver {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST, ".vite", "manifest.json"), "utf8")) as Manifest;
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
    forPage(page) {
      const hit = cache.get(page);
      if (hit) return hit;
      const [area, screen] = page.split("/");
      const entryFiles = new Set<string>();
      const css = new Set<string>();
      collect(ENTRY, entryFiles, css);
      const areaFiles = new Set<string>();
      collect(APP, areaFiles, css);
      // Marketing pages are a chunk each (client/pages.ts); the other areas are one chunk per area.
      const own = `views/pages/${area}/${screen}.tsx`;
      collect(manifest[own] ? own : `views/pages/${area}/index.ts`, areaFiles, css);
      const [script, ...entryImports] = [...entryFiles];
      const preloads = [...entryImports, ...[...areaFiles].filter((f) => !entryFiles.has(f))];
      const assets = { scripts: [script], styles: [...css], preloads };
      cache.set(page, assets);
      return assets;
    },
  };
}

export function devAssets(): AssetResolver {
  return { forPage: () => ({ scripts: ["/@vite/client", `/${ENTRY}`], styles: [], preloads: [] }) };
}
