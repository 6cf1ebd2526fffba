// An interactive part of a marketing page. Rendered here as an empty placeholder carrying the island's name and props;
// views/ssr.tsx fills it with the island rendered as its own root, which client/islands.ts hydrates with those props.
import { type ComponentType, createContext, useContext, useEffect } from "react";
import type { IslandName, IslandProps } from "../../islands.ts";

export interface IslandSlot {
  name: IslandName;
  props: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the slot list holds islands of every kind; Island<N> checks each one.
  Component: ComponentType<any>;
}

/** The islands of the page being rendered, in document order (provided by views/ssr.tsx). */
export const IslandSlots = createContext<IslandSlot[] | null>(null);

export interface IslandOwnProps<N extends IslandName> {
  name: N;
  /** The island's component (the default export of its module in views/islands.ts). */
  Component: ComponentType<IslandProps<N>>;
  props: IslandProps<N>;
}

/** On a page that hydrates whole (the 404 page wears the site's frame too), the island is simply part of the page. */
export function Island<N extends IslandName>({ name, Component, props }: IslandOwnProps<N>) {
  const slots = useContext(IslandSlots);
  if (!slots) {
    const Whole = Component as ComponentType<object>;
    return <Whole {...(props as object)} />;
  }
  const id = slots.push({ name, props, Component }) - 1;
  return <div data-island={name} data-island-id={id} data-props={JSON.stringify(props)} className="contents" />;
}

/**
 * The root of an island, on the server and in the browser alike, so React gives its useId() values the same tree
 * position on both sides. `onHydrated` runs once the browser has committed it.
 */
export function IslandRoot({ Component, props, onHydrated }: { Component: ComponentType<object>; props: object; onHydrated?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydration commit.
  useEffect(() => onHydrated?.(), []);
  return <Component {...props} />;
}
