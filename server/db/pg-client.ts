// Runs PostgreSQL's client programs (pg_dump, pg_restore) on a database URL with its password in a 0600 password file
// in a private temporary folder, never on their command line, which every user of the machine can read (ps).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface PgCommand {
  /** The program's arguments: no password in them. */
  args: string[];
  password?: string;
}

/** `url` without its password (the user part's, or a `password` parameter's), and that password. */
export function splitPassword(url: string): { url: string; password?: string } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : (u.searchParams.get("password") ?? undefined);
  u.password = "";
  u.searchParams.delete("password");
  return { url: u.toString(), password };
}

export function pgDumpCommand(url: string, file: string): PgCommand {
  const target = splitPassword(url);
  return { args: ["--format=custom", "--no-owner", "--file", file, `--dbname=${target.url}`], password: target.password };
}

export function pgRestoreCommand(url: string, file: string): PgCommand {
  const target = splitPassword(url);
  return { args: ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${target.url}`, file], password: target.password };
}

/** Runs `program` with `command`'s arguments; the password reaches it through PGPASSFILE, removed when it ends. */
export function runPgProgram(program: string, command: PgCommand): void {
  if (command.password?.includes("\n")) throw new Error("The database password holds a line break, which a password file cannot carry.");
  const dir = mkdtempSync(path.join(os.tmpdir(), "vs-pgpass-"));
  try {
    const env = { ...process.env };
    delete env.PGPASSWORD;
    if (command.password !== undefined) {
      env.PGPASSFILE = path.join(dir, "pgpass");
      // Any host, port, database and user: the file serves this one connection. ':' and '\' are escaped in its format.
      writeFileSync(env.PGPASSFILE, `*:*:*:*:${command.password.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, { mode: 0o600, flag: "wx" });
    }
    execFileSync(program, command.args, { env, stdio: ["ignore", "inherit", "inherit"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
