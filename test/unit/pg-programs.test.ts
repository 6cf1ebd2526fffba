// Which pg_dump or pg_restore a backup or restore uses, and what it says when none is new enough.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPgProgram } from "../../server/db/pg-binaries.ts";

const work = mkdtempSync(path.join(tmpdir(), "vs-pg-programs-"));
const PATH = process.env.PATH;

/** A folder with a `pg_dump` that says it is PostgreSQL `major` (all `--version` asks of it). */
function fakePgDump(major: number): string {
  const dir = path.join(work, `pg${major}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "pg_dump"), `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major}.2"\n`);
  chmodSync(path.join(dir, "pg_dump"), 0o755);
  return dir;
}

beforeAll(() => {
  // The newer first on the PATH: the older one, as new as the server, is still the one chosen.
  process.env.PATH = [fakePgDump(97), fakePgDump(96), PATH].join(path.delimiter);
});
afterAll(() => {
  process.env.PATH = PATH;
  rmSync(work, { recursive: true, force: true });
});

describe("findPgProgram", () => {
  it("takes the client of the server's own version over a newer one, so its dumps restore with that version", () => {
    expect(findPgProgram("pg_dump", 96)).toEqual({ path: path.join(work, "pg96", "pg_dump"), major: 96 });
    expect(findPgProgram("pg_dump", 97)).toEqual({ path: path.join(work, "pg97", "pg_dump"), major: 97 });
  });

  it("names the version asked for, why, what was found, and where its client comes from", () => {
    expect(() => findPgProgram("pg_dump", 98, "the database server is PostgreSQL 98")).toThrow(
      new RegExp(
        `^pg_dump 98 or newer is needed \\(the database server is PostgreSQL 98\\) and ${path.join(work, "pg97", "pg_dump")} is PostgreSQL 97, ${path.join(work, "pg96", "pg_dump")} is PostgreSQL 96.*, older than PostgreSQL 98.*: install PostgreSQL 98's client programs \\(on Debian and Ubuntu the postgresql-client-98 package, from the PostgreSQL project's apt repository, apt\\.postgresql\\.org, where the system's own is older\\) and put their folder on the PATH\\.$`,
      ),
    );
  });
});
