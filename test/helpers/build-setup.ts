// Global setup of the suites that start the site's processes without a test database of the run's own (test:faults):
// the server build they run, once, before any file starts one.
import { buildServerIfStale } from "../../server/cli/build.ts";

export async function setup() {
  await buildServerIfStale(() => {});
}
