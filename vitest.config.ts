// Two projects: fast server tests (supertest on createApp) and browser tests (playwright-core on the system Chromium).
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The server project's files spend much of their time waiting (on the processes they start, on the worker's retries, on
 * timers), so it runs one more file at once than there are cores: on a 2-core machine three files took 309 s against
 * one file's 665 s (docs/development.md). The browser project is bound by Chromium's CPU: two at once (four were no faster).
 */
const SERVER_WORKERS = availableParallelism() + 1;

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
        // One module graph per worker, not per file: every file gets its own database and app from its helpers, and
        // importing the server afresh for each of ~110 files was most of the project's time (about 5 s a file).
        test: {
          name: "server",
          include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
          isolate: false,
          maxWorkers: SERVER_WORKERS,
        },
      },
      {
        extends: true,
        // Two files at once, each with its own database, server and Chromium, after the server project; like the server
        // project, one module graph per worker (each file imported its helpers and the server's modules again: about
        // 6 s a file). A browser file spends much of its time waiting on its server and Chromium, so two at once use the
        // second core (see docs/development.md for the figures).
        // A condition polled in a browser waits as long as Playwright's own waits would, not vitest's default second:
        // a page answering a click takes longer than that on a loaded machine.
        test: {
          name: "browser",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
