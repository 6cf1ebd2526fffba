// pg_dump and pg_restore never see the database password on their command line: it reaches them in a 0600 file.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgDumpCommand, pgRestoreCommand, runPgProgram } from "../../server/db/pg-client.ts";

const url = "postgres://visa_app:s3cr%3Aet%40pw@127.0.0.1:54321/visa_services";

describe("PostgreSQL client programs", () => {
  it("get a URL without the password in their arguments, and the password apart", () => {
    const dump = pgDumpCommand(url, "/backups/database.dump");
    const restore = pgRestoreCommand(url, "/restore/database.dump");
    for (const command of [dump, restore]) {
      expect(command.args.join(" ")).not.toMatch(/s3cr|et%40pw|et@pw/);
      expect(command.args).toContain("--dbname=postgres://visa_app@127.0.0.1:54321/visa_services");
      expect(command.password).toBe("s3cr:et@pw");
    }
    expect(dump.args).toEqual([
      "--format=custom",
      "--no-owner",
      "--file",
      "/backups/database.dump",
      "--dbname=postgres://visa_app@127.0.0.1:54321/visa_services",
    ]);
    const param = pgDumpCommand("postgres://visa_app@db.internal/visa_services?sslmode=require&password=hunter2", "/d");
    expect(param.args.join(" ")).not.toContain("hunter2");
    expect(param.args).toContain("--dbname=postgres://visa_app@db.internal/visa_services?sslmode=require");
    expect(param.password).toBe("hunter2");
  });

  it("read the password from a 0600 PGPASSFILE that is gone when they end, not from PGPASSWORD", () => {
    const work = mkdtempSync(path.join(tmpdir(), "vs-pgpass-test-"));
    const report = path.join(work, "seen");
    const script = `{ echo "$PGPASSFILE"; stat -c %a "$PGPASSFILE"; cat "$PGPASSFILE"; echo "[$PGPASSWORD]"; } > ${report}`;
    process.env.PGPASSWORD = "from-the-parent";
    try {
      runPgProgram("/bin/sh", { args: ["-c", script], password: "a:b\\c" });
    } finally {
      delete process.env.PGPASSWORD;
    }
    const [file, mode, line, inherited] = readFileSync(report, "utf8").split("\n");
    rmSync(work, { recursive: true });
    expect(mode).toBe("600");
    expect(line).toBe("*:*:*:*:a\\:b\\\\c");
    expect(inherited).toBe("[]");
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
  });
});
