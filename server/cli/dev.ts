// npm run dev: the same server with Vite in middleware mode (hot reload, views re-loaded through Vite's SSR loader).
import type { Server } from "node:http";
import { createServer as createVite } from "vite";
import { main } from "../index.ts";
import { devAssets } from "../render/assets.ts";
import type { ViewsModule } from "../render/renderer.ts";

process.env.NODE_ENV ??= "development";

await main({
  dev: async (httpServer: Server) => {
    const vite = await createVite({
      server: { middlewareMode: { server: httpServer }, ws: { server: httpServer } },
      appType: "custom",
    });
    httpServer.on("close", () => void vite.close());
    const preambleHtml = await vite.transformIndexHtml("/", "<html><head></head><body></body></html>");
    const preamble = preambleHtml.match(/<head>([\s\S]*)<\/head>/)?.[1] ?? "";
    return {
      middleware: vite.middlewares,
      loadViews: () => vite.ssrLoadModule("/views/ssr.tsx") as Promise<ViewsModule>,
      assets: devAssets(),
      preamble: async () => preamble,
    };
  },
});
