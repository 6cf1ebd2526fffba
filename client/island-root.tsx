// Hydrates one island on its own React root, with the props the server embedded beside it.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot, type IslandSlot } from "../views/components/layout/Island.tsx";
import { islandPrefix } from "../views/islands.ts";
import { ApiContext } from "../views/shared.tsx";
import { api } from "./api.ts";

/** Resolves once React has committed the hydrated island (as a transition, so input is not blocked meanwhile). */
export function hydrateIsland(el: HTMLElement, Component: IslandSlot["Component"], props: object, id: number): Promise<void> {
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(
        el,
        <StrictMode>
          <ApiContext.Provider value={api}>
            <IslandRoot Component={Component} props={props} onHydrated={resolve} />
          </ApiContext.Provider>
        </StrictMode>,
        { identifierPrefix: islandPrefix(id) },
      );
    });
  });
}
