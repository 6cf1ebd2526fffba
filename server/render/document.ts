// The HTML document around a rendered page: head tags, styles, preloads, the page data block and the entry script.
import type { PageData } from "../../views/pageData.ts";
import type { PageAssets } from "./assets.ts";
import { ENTRY_LOADER } from "./entryLoader.ts";
import { THEME_COLOR } from "./seo.ts";
import { escapeHtml, serializeForHtml } from "./serialize.ts";

export interface HeadInfo {
  title: string;
  description?: string;
  canonical?: string;
  /** Extra trusted tags (OpenGraph, JSON-LD) built by the server. */
  extraHead?: string;
  noindex?: boolean;
}

/** `data` is embedded for a page that hydrates whole; a marketing page's islands carry their own props instead. */
export function renderDocument(opts: { head: HeadInfo; html: string; data?: PageData; assets: PageAssets; devPreamble?: string }): string {
  const { head, assets } = opts;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : "",
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : "",
    head.noindex ? '<meta name="robots" content="noindex">' : "",
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    // The ICO first for browsers and crawlers without SVG icons; the SVG wins where it is understood.
    '<link rel="icon" href="/favicon.ico" sizes="48x48">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/site.webmanifest">',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    head.extraHead ?? "",
    opts.devPreamble ?? "",
    // The entry is added once the page has painted (server/render/entryLoader.ts), and the chunks it runs are
    // preloaded by it then (client/main.tsx), not here: a modulepreload in the head would share a slow link with the
    // HTML and CSS of the first paint. Without a build (the development server) the entry is an ordinary module.
    ...assets.scripts.map((src, i) => {
      const preload = i === 0 && assets.preloads.length ? ` data-preload="${escapeHtml(assets.preloads.join(" "))}"` : "";
      if (assets.afterPaint) return `<script data-src="${escapeHtml(src)}"${preload}>${ENTRY_LOADER}</script>`;
      return `<script type="module" src="${src}"${preload}></script>`;
    }),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en-NG">
<head>
${tags.join("\n")}
</head>
<body>
<div id="root">${opts.html}</div>
${opts.data ? `<script type="application/json" id="page-data">${serializeForHtml(opts.data)}</script>\n` : ""}</body>
</html>`;
}
