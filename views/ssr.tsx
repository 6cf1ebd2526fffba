// Server-side rendering of a page object to HTML (renderToString inside a StaticRouter).
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { DesktopNav } from "./components/layout/DesktopNav.tsx";
import { pages as admin } from "./pages/admin/index.ts";
import { pages as auth } from "./pages/auth/index.ts";
import { pages as errors } from "./pages/errors/index.ts";
import { pages as portal } from "./pages/portal/index.ts";
import { pages as publicPages } from "./pages/public/index.ts";
import { type AreaName, type PageArea, splitPageName } from "./pages/registry.ts";
import { DesktopNavContext } from "./shared.tsx";
import type { PageData } from "./types.ts";

const areas: Record<AreaName, PageArea> = { errors, public: publicPages, auth, portal, admin };

export function hasPage(name: string): boolean {
  const { area, screen } = splitPageName(name);
  return Boolean(areas[area]?.[screen]);
}

export function renderApp(url: string, data: PageData): string {
  const { area, screen } = splitPageName(data.page);
  const Page = areas[area][screen];
  if (!Page) throw new Error(`Unknown page ${data.page}`);
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
