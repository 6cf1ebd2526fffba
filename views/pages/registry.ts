// Page names ("area/Screen") and the areas that hold them; the client loads one area per chunk.
import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props; the registry is untyped by design.
export type PageComponent = ComponentType<any>;
export type PageArea = Record<string, PageComponent>;
export const AREAS = ["errors", "public", "auth", "portal", "admin"] as const;
export type AreaName = (typeof AREAS)[number];

export function splitPageName(name: string): { area: AreaName; screen: string } {
  const [area, screen] = name.split("/");
  if (!AREAS.includes(area as AreaName) || !screen) throw new Error(`Bad page name: ${name}`);
  return { area: area as AreaName, screen };
}
