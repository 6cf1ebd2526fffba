// Loaded first into a process under test (node --import): writes the URL of every module the process loads through
// the ES module loader (its own code, the packages it imports, a loader such as tsx) to the file MODULE_PROBE_FILE names.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

// This same file is the loader hook, run by Node on a thread of its own.
if (isMainThread) register(import.meta.url, { parentURL: import.meta.url, data: process.env.MODULE_PROBE_FILE });

let file;
export function initialize(data) {
  file = data;
}

export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
