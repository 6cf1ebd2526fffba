// npm start (after its build step, see package.json): runs the built server, dist/server/index.js, under node with the
// heap limit of NODE_HEAP_MB, in production mode unless NODE_ENV says otherwise. A flag such as --force is passed on,
// SIGTERM too (Ctrl+C reaches the server from the terminal itself), and the server's exit status is this one's.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { ConfigError, loadConfig } from "../config.ts";
import { productionEnv, productionNodeArgs, SERVER_ENTRY } from "./buildServer.ts";

process.env.NODE_ENV ??= "production";
let heapMb: number;
try {
  heapMb = loadConfig(process.env, () => {}).heapMb;
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const server = spawn(process.execPath, [...productionNodeArgs(heapMb), SERVER_ENTRY, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: productionEnv(process.env),
});
process.on("SIGTERM", () => server.kill("SIGTERM"));
// The terminal sends Ctrl+C to the server as well: passing it on would count as a second one (stop at once).
process.on("SIGINT", () => {});
server.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
