// Every built page's one inline script: it adds the page's entry after the first paint, and the
// Content-Security-Policy allows it through its hash alone.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../server/render/document.ts";
import { ENTRY_LOADER, ENTRY_LOADER_CSP } from "../../server/render/entryLoader.ts";

const head = { title: "Home" };
const inlineScripts = (html: string) => [...html.matchAll(/<script data-src="([^"]+)"(?: data-preload="([^"]*)")?>([^<]*)<\/script>/g)];

describe("entry loader", () => {
  it("replaces the marketing page's module script and names the entry on its element", () => {
    const html = renderDocument({
      head,
      html: "<main></main>",
      assets: { scripts: ["/assets/islands-x.js"], styles: [], preloads: [], afterPaint: true },
    });
    expect(html).not.toContain('<script type="module"');
    const inline = inlineScripts(html);
    expect(inline).toHaveLength(1);
    expect(inline[0][1]).toBe("/assets/islands-x.js");
    // The policy's hash is of exactly the text the page carries.
    const hash = `'sha256-${createHash("sha256").update(inline[0][3]).digest("base64")}'`;
    expect(hash).toBe(ENTRY_LOADER_CSP);
  });

  it("adds a signed-in area's entry the same way, with the chunks it preloads once painted on the same element", () => {
    const html = renderDocument({
      head,
      html: "<main></main>",
      assets: { scripts: ["/assets/main-x.js"], styles: [], preloads: ["/assets/app-x.js", "/assets/portal-x.js"], afterPaint: true },
    });
    expect(html).not.toContain('<script type="module"');
    const inline = inlineScripts(html);
    expect(inline).toHaveLength(1);
    expect(inline[0][1]).toBe("/assets/main-x.js");
    // client/main.tsx reads the list from `script[data-preload]`.
    expect(inline[0][2]).toBe("/assets/app-x.js /assets/portal-x.js");
    expect(inline[0][3]).toBe(ENTRY_LOADER);
  });

  it("leaves the development server's pages with their module script and no inline script", () => {
    const html = renderDocument({
      head,
      html: "<main></main>",
      assets: { scripts: ["/client/main.tsx"], styles: [], preloads: [] },
    });
    expect(html).toContain('<script type="module" src="/client/main.tsx"></script>');
    expect(html).not.toContain(ENTRY_LOADER);
  });
});
