// Small readers for server HTML in tests: visible text, links, head tags, JSON blocks (no DOM needed).
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e]);
}

/** The text a reader sees in the body: no tags, scripts, comments or extra spaces. */
export function visibleText(html: string): string {
  const body = html.includes("<body>") ? html.slice(html.indexOf("<body>")) : html;
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The part of html from the first `start` up to the first `end` after it. */
export function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`not found: ${start}`);
  const to = html.indexOf(end, from);
  return html.slice(from, to < 0 ? undefined : to + end.length);
}

export interface Anchor {
  href: string;
  text: string;
  attrs: string;
}

export function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: decodeEntities(/\bhref="([^"]*)"/.exec(m[1])?.[1] ?? ""),
    text: visibleText(m[2]),
    attrs: m[1],
  }));
}

/** content of <meta name|property="key" content="..."> (still HTML-escaped). */
export function headMeta(html: string, attr: "name" | "property", key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`))?.[1];
}

export function pageData(html: string) {
  const match = html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/);
  if (!match) throw new Error("no page data block");
  return JSON.parse(match[1]);
}

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD is whatever the page declares.
export function jsonLdBlocks(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
