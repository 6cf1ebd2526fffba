// Client build: the marketing pages' islands entry, the application entry with a chunk per signed-in page and the
// chunks pages share (client/bundling.ts), a manifest for the server, Tailwind.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { clientRouter, copyPerImporter, iconPerModule, sharedChunks } from "./client/bundling.ts";

/** Chunks every entry imports before any page: preloading them again is a no-op. */
const ALWAYS_LOADED = /(^|\/)(rolldown-runtime|react|preload-helper|app)-[\w-]{8}\.js$/;

export default defineConfig({
  plugins: [clientRouter(), iconPerModule(), copyPerImporter(), react(), tailwindcss()],
  publicDir: "client/public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // A page's chunk names the files to preload with it; those every entry has already loaded (the bundler's runtime,
    // React's chunk, the preload helper, the application's own chunk) were listed again for each of the ~90 pages, in
    // the application's chunk that every signed-in page loads before it is usable. Preloading is only a hint (the
    // imports themselves fetch what a chunk needs), so leaving them out changes no behaviour.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
    rolldownOptions: {
      input: ["client/main.tsx", "client/islands.ts"],
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What the application and the marketing islands both start from, in one chunk instead of five: React
            // and the client's API, its page cache and the shared context.
            {
              name: "react",
              test: /\/node_modules\/(react|react-dom|scheduler)\/|\/client\/(api|page-cache)\.ts$|\/views\/shared\.tsx$/,
              priority: 20,
            },
            { name: sharedChunks(), debugName: "shared", priority: 10 },
          ],
        },
      },
    },
  },
});
