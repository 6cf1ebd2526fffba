// npm run test:cluster: two server processes on one PostgreSQL and one S3-compatible bucket (s3rver on loopback).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/cluster/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    execArgv: ["--import", "tsx"],
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
