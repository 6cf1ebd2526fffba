// Server-side rendering of a page object to HTML (renderToString inside a StaticRouter).
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { DesktopNav } from "./components/layout/DesktopNav.tsx";
import { loadPage } from "./pages/registry.ts";
import { DesktopNavContext } from "./shared.tsx";
import type { PageData } from "./types.ts";

export async function renderApp(url: string, data: PageData): Promise<string> {
  const Page = await loadPage(data.page);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <DesktopNavContext.Provider value={DesktopNav}>
          <App data={data} Page={Page} />
        </DesktopNavContext.Provider>
      </StaticRouter>
    </StrictMode>,
  );
}
