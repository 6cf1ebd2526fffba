// Two projects: fast server tests (supertest on createApp) and browser tests (playwright-core on the system Chromium).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["test/helpers/global-setup.ts"],
    execArgv: ["--import", "tsx"],
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "server", include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "browser", include: ["test/e2e/**/*.test.ts"], testTimeout: 60_000, fileParallelism: false },
      },
    ],
  },
});
