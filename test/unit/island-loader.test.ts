// The marketing pages' one inline script: rendered only for pages whose entry waits for the first paint, and allowed
// by the Content-Security-Policy through its hash alone.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../server/render/document.ts";
import { ISLAND_LOADER, ISLAND_LOADER_CSP } from "../../server/render/islandLoader.ts";

const head = { title: "Home" };

describe("island loader", () => {
  it("replaces the marketing page's module script and names the entry on its element", () => {
    const html = renderDocument({
      head,
      html: "<main></main>",
      assets: { scripts: ["/assets/islands-x.js"], styles: [], preloads: [], afterPaint: true },
    });
    expect(html).not.toContain('<script type="module"');
    const inline = [...html.matchAll(/<script data-src="([^"]+)">([^<]*)<\/script>/g)];
    expect(inline).toHaveLength(1);
    expect(inline[0][1]).toBe("/assets/islands-x.js");
    // The policy's hash is of exactly the text the page carries.
    const hash = `'sha256-${createHash("sha256").update(inline[0][2]).digest("base64")}'`;
    expect(hash).toBe(ISLAND_LOADER_CSP);
  });

  it("leaves a signed-in area's page with its module script and no inline script", () => {
    const html = renderDocument({
      head,
      html: "<main></main>",
      assets: { scripts: ["/assets/main-x.js"], styles: [], preloads: ["/assets/app-x.js"] },
    });
    expect(html).toContain('<script type="module" src="/assets/main-x.js" data-preload="/assets/app-x.js"></script>');
    expect(html).not.toContain(ISLAND_LOADER);
  });
});
