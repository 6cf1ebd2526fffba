// docs/architecture.md: what controllers share (the actor, the applicant's own application, the staff's review page)
// lives in server/http/, so no controller imports another and the route table's modules stay independent.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CONTROLLERS = path.resolve(import.meta.dirname, "../../server/controllers");
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("controllers", () => {
  it("import no other controller", () => {
    const files = sources(CONTROLLERS);
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
        if (!spec.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (target.startsWith(`${CONTROLLERS}${path.sep}`)) found.push(`${path.relative(CONTROLLERS, file)} imports ${spec}`);
      }
    }
    expect(found).toEqual([]);
  });
});
