// npm run test:faults: the server under faults (SIGTERM under load, database restart, pool exhaustion, aborted uploads).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/faults/**/*.test.ts"],
    // The servers under fault run from the build (test/helpers/commands.ts), made once before any file starts.
    globalSetup: ["test/helpers/build-setup.ts"],
    execArgv: ["--import", "tsx"],
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
