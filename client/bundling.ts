// Build time only (vite.config.ts): how the client's modules are put into chunks, so a signed-in page loads the code
// it renders and little else. Measured in docs/benchmarks.md ("Script before a page is usable").
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChunkingContext } from "rolldown";
import type { Plugin } from "vite";

/** A signed-in page's module (views/pages/registry.ts): each is a chunk of its own, named after it. */
const SIGNED_IN_PAGE = /\/views\/pages\/(auth|portal|admin)\/[^/]+\.tsx$/;
/** Modules pages may share: the views' components, helpers and icons. */
const SHAREABLE = /\/views\//;
/** What the application itself imports (client/app.tsx): in its chunk already. */
const APPLICATION =
  /\/client\/|\/views\/(App|shared)\.tsx$|\/views\/components\/hydration\.ts$|\/views\/pages\/(registry\.ts|errors\/ErrorPage\.tsx)$/;

/** A part shared across areas by this many pages or fewer goes to a chunk of exactly those pages. */
const FEW_PAGES = 4;
/**
 * Within one area, a part of this many pages or fewer goes to a chunk of exactly those pages: the two signing pages'
 * parts were in the portal's shared chunk, which the wizard loads (step 7 went over its 90 KB by 0.2 KB).
 */
const FEW_PORTAL_PAGES = 2;

/** The signed-in pages that import a module, directly or through other modules (dynamic imports do not count). */
function pagesUsing(id: string, ctx: ChunkingContext, memo: Map<string, Set<string>>, visiting = new Set<string>()): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  if (SIGNED_IN_PAGE.test(id)) found.add(id);
  else if (!visiting.has(id)) {
    visiting.add(id);
    for (const importer of ctx.getModuleInfo(id)?.importers ?? []) for (const page of pagesUsing(importer, ctx, memo, visiting)) found.add(page);
    visiting.delete(id);
  }
  // Inside an import cycle the set can be partial: only a walk that started here is complete.
  if (!visiting.size) memo.set(id, found);
  return found;
}

/**
 * The chunk of a shared component or icon: with its page when one page uses it (the bundler's default), in its
 * area's shared chunk when several pages of one area do (`portal-shared`, `admin-shared`, `auth-shared`), in a chunk
 * named after the areas when many pages of several areas do (`shared-admin-portal`, `shared-admin-auth-portal`), and
 * in a chunk named after the pages when a few pages of several areas, or of the staff's area, or two pages of one area
 * do (`shared-ApplicationReview-Details`, `shared-Payment-Payments`, `shared-Agreement-SignSheet`). So a
 * page loads its own parts and the common parts of its areas, never every icon and component of the application.
 * Error pages are in the site's frame, not a signed-in area: they count as no page here.
 */
export function sharedChunks(): (id: string, ctx: ChunkingContext) => string | null {
  const memos = new WeakMap<ChunkingContext, Map<string, Set<string>>>();
  return (id, ctx) => {
    if (!SHAREABLE.test(id) || APPLICATION.test(id) || SIGNED_IN_PAGE.test(id)) return null;
    const memo = memos.get(ctx) ?? new Map<string, Set<string>>();
    memos.set(ctx, memo);
    const pages = pagesUsing(id, ctx, memo);
    if (pages.size < 2) return null;
    const areas = [...new Set([...pages].map((page) => page.match(SIGNED_IN_PAGE)?.[1]))].sort();
    // The staff's pages share their parts mostly in pairs (a payment's table, an enquiry's messages): in one admin-shared
    // chunk the staff queue loaded every one of them. The portal's pages share most of theirs, where a chunk per set
    // of pages would cost more in files than it saves (measured in docs/benchmarks.md).
    if (pages.size <= FEW_PAGES && (areas.length > 1 || areas[0] === "admin" || pages.size <= FEW_PORTAL_PAGES))
      return `shared-${[...pages]
        .map((page) => path.basename(page, ".tsx"))
        .sort()
        .join("-")}`;
    return areas.length === 1 ? `${areas[0]}-shared` : `shared-${areas.join("-")}`;
  };
}

/** The views' one import path for icons; each icon is a module of its own under ./icons/ beside it
 * (server/cli/viewIcons.ts writes them). */
export const ICONS_MODULE = fileURLToPath(new URL("../views/components/ui/icons.ts", import.meta.url));

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g;

/** The `import { … }` statements of the icons module in a module's code, with their specifiers. */
export function iconImports(code: string, importer: string): { statement: string; source: string; specifiers: string[] }[] {
  return [...code.matchAll(NAMED_IMPORT)]
    .filter(([, , source]) => source.startsWith(".") && path.resolve(path.dirname(importer), source) === ICONS_MODULE)
    .map(([statement, list, source]) => ({
      statement,
      source,
      specifiers: list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

/**
 * `import { Plane, X } from "../ui/icons.ts"` becomes one import per icon module. Through the icons module every
 * importer would import every icon as far as the module graph can tell, so the graph could not say which pages use
 * an icon (sharedChunks); tree-shaking would then keep the used ones, all in one chunk.
 */
export function iconPerModule(): Plugin {
  return {
    name: "icon-per-module",
    enforce: "pre",
    transform: {
      filter: { id: /\/(views|client)\/.*\.tsx?$/, code: "icons.ts" },
      handler(code, id) {
        const importer = id.replace(/\?.*$/, "");
        let out = code;
        for (const { statement, source, specifiers } of iconImports(code, importer)) {
          const types = specifiers.filter((spec) => spec.startsWith("type "));
          const lines = specifiers
            .filter((spec) => !spec.startsWith("type "))
            .map((spec) => `import { ${spec} } from "${source.replace(/\.ts$/, `/${spec.split(/\s+as\s+/)[0]}.tsx`)}";`);
          // Types only, so the icons module itself never joins the graph (a plain import would keep it as a side effect).
          if (types.length) lines.push(`import type { ${types.map((spec) => spec.slice(5)).join(", ")} } from "${source}";`);
          out = out.replace(statement, lines.join(" "));
        }
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/** Small parts that keep nothing at module level (icons, and parts that only draw their props), shared by a few pages. */
const COPIED =
  /\/views\/(components\/(ui\/icons\/[^/]+|admin\/(MessageList|PaymentStateBadge|PaymentTable|ReviewColumn|TakeCaseButton|WhatsAppLink|pendingUndo|statusQuestion)|messages\/Thread|portal\/(StatusTimeline|StatusBadge)|ui\/DateTime))\.tsx?$/;

/** Who a copy is for: the importer's file name, after the one its own copy is for (`DocumentReview.tsx`, `PaymentTable.tsx<Payments.tsx`). */
export function copyFor(importer: string): string {
  const [file, query = ""] = importer.split("?");
  const within = new URLSearchParams(query).get("in");
  return within ? `${path.basename(file)}<${within}` : path.basename(file);
}

/**
 * Each importer of a small part (COPIED) gets a copy of its own (`Check.tsx?in=DocumentReview.tsx`), so the part goes
 * into the importer's chunk. In a chunk of the few pages sharing it (sharedChunks), a part of a few hundred bytes cost
 * each of those pages more in the file's imports, exports and request than the copies cost (measured in
 * docs/benchmarks.md). A part that keeps state at module level (a context, a cache) must never be copied.
 */
export function copyPerImporter(): Plugin {
  return {
    name: "copy-per-importer",
    // Chunks exist only in the build; under `npm run dev` every part stays one module.
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".") || !/\/(views|client)\//.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !COPIED.test(resolved.id)) return null;
      return `${resolved.id}?in=${encodeURIComponent(copyFor(importer))}`;
    },
  };
}

/**
 * In the browser, "react-router-dom" is client/router.tsx: the few parts of it the application uses, without the
 * 13 KB gzip react-router's BrowserRouter brings. Server rendering (views/ssr.tsx, also under `npm run dev`) keeps
 * react-router-dom.
 */
export function clientRouter(): Plugin {
  const router = fileURLToPath(new URL("./router.tsx", import.meta.url));
  return {
    name: "client-router",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return source === "react-router-dom" && !options?.ssr ? router : null;
    },
  };
}
