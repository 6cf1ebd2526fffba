// Server-side rendering of a page object to HTML (renderToString inside a StaticRouter). A marketing page's islands
// are rendered each as their own root, into the placeholders the page left for them (components/layout/Island.tsx).
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { deferredReady } from "./components/deferred.tsx";
import { IslandRoot, type IslandSlot, IslandSlots } from "./components/layout/Island.tsx";
import { islandPrefix } from "./islands.ts";
import type { PageData } from "./pageData.ts";
import { isIslandPage, loadPage } from "./pages/registry.ts";

/** The empty placeholder of island `id`, as React writes it: `<div data-island="…" data-island-id="id" …></div>`. */
const placeholder = /(<div data-island="[^"]*" data-island-id="(\d+)"[^>]*>)<\/div>/g;

function fillIslands(html: string, slots: IslandSlot[]): string {
  return html.replace(placeholder, (_all, open: string, id: string) => {
    const { Component, props } = slots[Number(id)];
    const inner = renderToString(<IslandRoot Component={Component} props={props as object} />, { identifierPrefix: islandPrefix(Number(id)) });
    return `${open}${inner}</div>`;
  });
}

export async function renderApp(url: string, data: PageData): Promise<string> {
  const Page = await loadPage(data.page);
  await deferredReady();
  const slots: IslandSlot[] | null = isIslandPage(data.page) ? [] : null;
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <IslandSlots.Provider value={slots}>
          <App data={data} Page={Page} />
        </IslandSlots.Provider>
      </StaticRouter>
    </StrictMode>,
  );
  return slots ? fillIslands(html, slots) : html;
}
