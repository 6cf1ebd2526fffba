// THE island list: the interactive parts of a marketing page. The server renders each as its own React root beside the
// static HTML (views/ssr.tsx); the browser hydrates only these, each when it is needed (client/islands.ts).
import type { ComponentProps, ComponentType } from "react";

export const islands = {
  "desktop-nav": () => import("./components/layout/DesktopNav.tsx"),
  "contact-form": () => import("./components/marketing/ContactFormIsland.tsx"),
  // biome-ignore lint/suspicious/noExplicitAny: the constraint every island's props satisfy; each keeps its own type.
} satisfies Record<string, () => Promise<{ default: ComponentType<any> }>>;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<Awaited<ReturnType<(typeof islands)[N]>>["default"]>;

/** useId() values of an island's root: the same on the server and in the browser, unique on the page. */
export function islandPrefix(id: number): string {
  return `island${id}-`;
}
