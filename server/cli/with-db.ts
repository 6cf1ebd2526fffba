// Runs a command with DATABASE_URL set: the given one, or the embedded PostgreSQL started for the duration.
// Usage: with-db <command> [args...] (package.json runs the built one, dist/server/with-db.js, for the admin commands).
import { spawn } from "node:child_process";
import { loadConfig } from "../config.ts";
import { resolveDatabase } from "../db/setup.ts";

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error("usage: with-db <command> [args...]");
  process.exit(2);
}
const config = loadConfig();
const { url, stop } = await resolveDatabase(config, (m) => console.error(m));
const child = spawn(cmd, args, {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url },
});
const code: number = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
await stop();
process.exit(code);
