// How the client build splits its modules (client/bundling.ts): icons one module each, parts grouped by the pages
// and areas that use them, and the browser's own router.

import path from "node:path";
import type { ChunkingContext } from "rolldown";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { clientRouter, copyFor, copyPerImporter, ICONS_MODULE, iconPerModule, sharedChunks } from "../../client/bundling.ts";

const ROOT = "/repo";
const page = (name: string) => `${ROOT}/views/pages/${name}.tsx`;
const part = (name: string) => `${ROOT}/views/components/${name}.tsx`;
const icon = (name: string) => `${ROOT}/views/components/ui/icons/${name}.tsx`;

/** A module graph given as importer → what it imports. */
function context(graph: Record<string, string[]>): ChunkingContext {
  const importers = new Map<string, string[]>();
  for (const [from, targets] of Object.entries(graph)) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), from]);
  return { getModuleInfo: (id: string) => ({ importers: importers.get(id) ?? [] }) } as unknown as ChunkingContext;
}

type Handler = (code: string, id: string) => { code: string } | null;
const handlerOf = (plugin: Plugin) => (plugin.transform as { handler: Handler }).handler;

describe("sharedChunks", () => {
  const graph = {
    [page("portal/Dashboard")]: [part("layout/PortalLayout"), part("portal/StatusBadge"), part("portal/BackToDashboard")],
    [page("portal/Wizard")]: [part("layout/PortalLayout"), part("wizard/Steps"), part("portal/ChangesRequested"), part("portal/BackToDashboard")],
    [page("portal/Details")]: [
      part("layout/PortalLayout"),
      part("portal/StatusBadge"),
      part("portal/Sections"),
      part("portal/ChangesRequested"),
      part("portal/BackToDashboard"),
    ],
    [page("portal/Account")]: [part("layout/PortalLayout")],
    [page("admin/Applications")]: [part("admin/AdminLayout"), part("portal/StatusBadge"), part("admin/Pager")],
    [page("admin/ApplicationReview")]: [part("admin/AdminLayout"), part("portal/Sections"), part("portal/StatusBadge"), part("admin/Pager")],
    [page("admin/Payments")]: [part("admin/Pager")],
    [page("admin/Enquiries")]: [part("admin/Pager")],
    [page("admin/Leads")]: [part("admin/Pager")],
    [page("auth/SignIn")]: [part("ui/field")],
    [part("admin/AdminLayout")]: [part("layout/PortalLayout")],
    [part("layout/PortalLayout")]: [icon("Plane")],
    [page("public/Home")]: [part("ui/field")],
  };
  const name = sharedChunks();
  const ctx = context(graph);

  it("leaves a part one page uses with that page, and the pages themselves alone", () => {
    expect(name(part("wizard/Steps"), ctx)).toBeNull();
    expect(name(page("portal/Dashboard"), ctx)).toBeNull();
    // The marketing page does not count: only the sign-in page uses the field among the signed-in pages.
    expect(name(part("ui/field"), ctx)).toBeNull();
  });

  it("puts a part several pages share in the chunk of their areas, or of exactly those pages when they are few", () => {
    // Through AdminLayout the admin pages use PortalLayout too, and so its icon: six pages of two areas.
    expect(name(part("layout/PortalLayout"), ctx)).toBe("shared-admin-portal");
    expect(name(icon("Plane"), ctx)).toBe("shared-admin-portal");
    expect(name(part("portal/Sections"), ctx)).toBe("shared-ApplicationReview-Details");
    // Within the staff's area too: a part of two staff pages is not loaded by the three others.
    expect(name(part("admin/AdminLayout"), ctx)).toBe("shared-ApplicationReview-Applications");
    expect(name(part("admin/Pager"), ctx)).toBe("admin-shared");
    // The portal's pages keep one shared chunk for what three or more of them use; a part of two is theirs alone.
    expect(name(part("portal/BackToDashboard"), ctx)).toBe("portal-shared");
    expect(name(part("portal/ChangesRequested"), ctx)).toBe("shared-Details-Wizard");
  });

  it("leaves React and the application's own modules to their own chunks", () => {
    expect(name(`${ROOT}/node_modules/react-dom/index.js`, ctx)).toBeNull();
    expect(name(`${ROOT}/client/app.tsx`, ctx)).toBeNull();
    expect(name(`${ROOT}/views/App.tsx`, ctx)).toBeNull();
  });
});

describe("iconPerModule", () => {
  const transform = handlerOf(iconPerModule());
  const views = path.dirname(path.dirname(path.dirname(ICONS_MODULE)));

  it("imports each icon from its own module, local names kept, types from the icons module as types only", () => {
    const code = 'import { Plane, X as Close, type Icon } from "../../components/ui/icons.ts";\nuse(Plane);';
    const out = transform(code, path.join(views, "pages/portal/Wizard.tsx"))?.code;
    expect(out).toContain('import { Plane } from "../../components/ui/icons/Plane.tsx";');
    expect(out).toContain('import { X as Close } from "../../components/ui/icons/X.tsx";');
    expect(out).toContain('import type { Icon } from "../../components/ui/icons.ts";');
    expect(out).not.toMatch(/import \{[^}]*\} from "[^"]*icons\.ts"/);
    expect(out).toContain("use(Plane);");
    expect(transform('import { Check } from "./icons.ts";', path.join(views, "components/ui/toast-stack.tsx"))?.code).toBe(
      'import { Check } from "./icons/Check.tsx";',
    );
  });

  it("leaves other imports, and another module named icons.ts, as they are", () => {
    expect(transform('import { Link } from "react-router-dom";', path.join(views, "pages/b.tsx"))).toBeNull();
    expect(transform('import { Plane } from "./icons.ts";', path.join(views, "pages/portal/Wizard.tsx"))).toBeNull();
  });
});

describe("copyPerImporter", () => {
  type ResolveId = (
    this: { resolve: (source: string) => Promise<{ id: string; external: boolean } | null> },
    ...a: unknown[]
  ) => Promise<string | null>;
  const resolveId = copyPerImporter().resolveId as unknown as ResolveId;
  /** Resolves as the bundler would: a relative path from the importer's folder. */
  const run = (source: string, importer: string) =>
    resolveId.call({ resolve: async (s) => ({ id: path.resolve(path.dirname(importer.split("?")[0]), s), external: false }) }, source, importer, {});

  it("gives each importer of an icon or a small part a copy of its own, so the part goes into the importer's chunk", async () => {
    expect(await run("../ui/icons/Check.tsx", part("admin/DocumentReview"))).toBe(`${icon("Check")}?in=DocumentReview.tsx`);
    expect(await run("./PaymentTable.tsx", part("admin/Other"))).toBe(`${part("admin/PaymentTable")}?in=Other.tsx`);
    // A copy's own imports are copies for that copy, not one module all the copies share.
    expect(await run("./PaymentStateBadge.tsx", `${part("admin/PaymentTable")}?in=Payments.tsx`)).toBe(
      `${part("admin/PaymentStateBadge")}?in=${encodeURIComponent("PaymentTable.tsx<Payments.tsx")}`,
    );
    expect(copyFor(`${part("admin/PaymentStateBadge")}?in=PaymentTable.tsx`)).toBe("PaymentStateBadge.tsx<PaymentTable.tsx");
  });

  it("leaves a part that keeps state at module level, and packages, shared", async () => {
    expect(await run("../ui/toast.tsx", part("admin/DocumentReview"))).toBeNull();
    expect(await run("../deferred.tsx", part("admin/ReviewForms"))).toBeNull();
    expect(await run("react", part("admin/DocumentReview"))).toBeNull();
  });
});

describe("clientRouter", () => {
  const resolveId = clientRouter().resolveId as (source: string, importer: string | undefined, options?: { ssr?: boolean }) => string | null;

  it("gives the browser build client/router.tsx for react-router-dom, and server rendering react-router-dom itself", () => {
    expect(resolveId("react-router-dom", "/repo/views/x.tsx", {})).toMatch(/\/client\/router\.tsx$/);
    expect(resolveId("react-router-dom", "/repo/views/ssr.tsx", { ssr: true })).toBeNull();
    expect(resolveId("react", "/repo/views/x.tsx", {})).toBeNull();
  });
});
