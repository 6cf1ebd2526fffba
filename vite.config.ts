// Client build: the marketing pages' islands entry, the application entry with a chunk per signed-in area, a manifest
// for the server, Tailwind.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The signed-in areas' screens (views/pages/registry.ts) are loaded one chunk per area, named after it. */
const AREA_CHUNKS = ["auth", "portal", "admin"].map((area) => ({ name: area, test: new RegExp(`/views/pages/${area}/`), priority: 10 }));
/**
 * What the areas share, in three chunks instead of one per icon and component (44 requests for the dashboard, each a
 * module to link and evaluate before it hydrates): the form parts and the sign-in pages' layout, the signed-in parts,
 * and the icons. Measured in README ("Sign-in, portal and admin pages load their entry the same way").
 */
const SHARED_CHUNKS = [
  {
    name: "forms",
    test: /\/views\/components\/(forms|ui)\/|\/views\/components\/layout\/(AuthLayout|SessionTimeoutWarning|SignOutButton)\./,
    priority: 6,
  },
  { name: "signed-in", test: /\/views\/components\/(account|admin|portal|wizard)\/|\/views\/components\/layout\/PortalLayout\./, priority: 5 },
  { name: "icons", test: /\/node_modules\/lucide-react\//, priority: 4 },
];

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
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [...AREA_CHUNKS, ...SHARED_CHUNKS] } },
    },
  },
});
