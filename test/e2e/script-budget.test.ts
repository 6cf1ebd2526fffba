// The script each signed-in page runs before it is usable stays within 90 KB gzip (docs/benchmarks.md): read from the
// build's manifest, so it is exact and untimed. In the browser project because that project builds the client first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildIfStale } from "../../server/cli/build.ts";
import { CLIENT_DIST, manifestAssets } from "../../server/render/assets.ts";
import { pages } from "../../views/pages/registry.ts";
import { e2eEnabled } from "../helpers/e2e.ts";

const BUDGET = 90 * 1024;
/** Pages over the goal, each held at its figure so it cannot grow unnoticed (docs/benchmarks.md): none today. */
const OVER_BUDGET: Record<string, number> = {};
const signedIn = Object.keys(pages).filter((page) => /^(auth|portal|admin)\//.test(page));

function beforeUsable(page: string): { gz: number; files: string[] } {
  const assets = manifestAssets().forPage(page);
  const files = [...assets.scripts, ...assets.preloads];
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(CLIENT_DIST, f)), { level: 9 }).length, 0);
  return { gz, files };
}

describe.skipIf(!e2eEnabled)("script before a page is usable", () => {
  beforeAll(() => buildIfStale(() => {}), 180_000);

  it.each(signedIn)("%s loads at most 90 KB gzip of script", (page) => {
    const { gz, files } = beforeUsable(page);
    expect(gz, `${page}: ${(gz / 1024).toFixed(1)} KB in ${files.join(" ")}`).toBeLessThanOrEqual(OVER_BUDGET[page] ?? BUDGET);
  });

  it("a page held over the goal is still over it (otherwise its exception goes)", () => {
    for (const page of Object.keys(OVER_BUDGET)) expect(beforeUsable(page).gz, page).toBeGreaterThan(BUDGET);
  });

  it("no signed-in page loads Radix (the toasts' code comes with the first toast), react-router's own code or lucide's runtime", () => {
    for (const page of signedIn) {
      for (const file of beforeUsable(page).files) {
        const source = readFileSync(path.join(CLIENT_DIST, file), "utf8");
        // Radix's ids and attributes, react-router's own error message (the browser has client/router.tsx) and an
        // attribute only lucide-react's icon builder writes (the views' icons are plain SVG: views/components/ui/icons/).
        expect(source, `${page} loads ${file}`).not.toMatch(/radix|You cannot render a <Router> inside another <Router>|non-scaling-stroke/);
      }
    }
  });
});
