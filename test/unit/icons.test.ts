// The views' icons (views/components/ui/icons/, written by `npm run icons:views`) print exactly what lucide-react
// prints for the same props, so the server's HTML and the hydration are as they were with lucide's runtime; and there
// is one icon module for each icon the views import, no more.
import { readdirSync } from "node:fs";
import * as lucide from "lucide-react";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICONS_DIR, importedIcons } from "../../server/cli/viewIcons.ts";
import type { IconProps } from "../../views/components/ui/icons.ts";
import * as icons from "../../views/components/ui/icons.ts";

/** How the views call icons, and the cases lucide treats apart: a name for assistive technology (no aria-hidden then),
 * class names repeated or spaced, a stroke width, width or attribute given, and props given as undefined or null. */
const CALLS: IconProps[] = [
  {},
  { className: "h-4 w-4" },
  { "aria-hidden": "true", className: "mt-0.5 h-5 w-5 shrink-0 text-brand-700" },
  { "aria-label": "Rated 5 out of 5", role: "img" },
  { role: "presentation", className: "h-5 w-5" },
  { className: "  lucide h-40  w-40 h-40 text-white/90 ", strokeWidth: 1 },
  { strokeWidth: 0.75, width: "1em", id: "hero-icon", "aria-hidden": undefined, focusable: "false" },
  { id: "first", "aria-hidden": true, className: undefined },
  { className: null as unknown as undefined, "aria-describedby": "hint" },
  { "aria-label": undefined, height: null as unknown as undefined, strokeWidth: undefined },
];

const named = icons as unknown as Record<string, ComponentType<IconProps>>;
const theirs = lucide as unknown as Record<string, ComponentType<IconProps>>;
const imported = importedIcons();

describe("the views' icons", () => {
  it.each(imported)("%s prints lucide-react's markup", (name) => {
    for (const props of CALLS) {
      expect(renderToString(createElement(named[name], props)), JSON.stringify(props)).toBe(renderToString(createElement(theirs[name], props)));
    }
  });

  it("has a module for each icon the views import and none other", () => {
    expect(imported.length).toBeGreaterThan(50);
    expect(Object.keys(icons).sort()).toEqual(imported);
    expect(readdirSync(ICONS_DIR).sort()).toEqual(imported.map((name) => `${name}.tsx`).sort());
  });
});
