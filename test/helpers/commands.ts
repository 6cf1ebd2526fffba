// The site's own commands as production runs them: the built file (dist/server/<name>.js, which the run's global setup
// builds once) under plain node, as `npm start`, `npm run backup` and the systemd units do. Started from the sources
// through tsx, each start compiled the server afresh: 2–3 s of CPU a start, about a third of the server project's CPU
// time (docs/development.md).
import path from "node:path";
import { SERVER_DIST, type ServerCommand } from "../../server/cli/buildServer.ts";

/** Node's arguments that run `name` (then its own arguments). */
export function siteCommand(name: ServerCommand): string[] {
  return ["--enable-source-maps", path.join(SERVER_DIST, `${name}.js`)];
}
