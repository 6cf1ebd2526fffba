// Client build: the marketing pages' islands entry, the application entry with a chunk per signed-in area, a manifest
// for the server, Tailwind.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The signed-in areas' screens (views/pages/registry.ts) are loaded one chunk per area, named after it. */
const AREA_CHUNKS = ["auth", "portal", "admin"].map((area) => ({ name: area, test: new RegExp(`/views/pages/${area}/`) }));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: "client/public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      input: ["client/main.tsx", "client/islands.ts"],
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: AREA_CHUNKS } },
    },
  },
});
