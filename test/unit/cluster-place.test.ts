// As root, the folder a throwaway cluster is kept in must be root's own: a link planted in the shared temporary folder
// would otherwise have root open up (chmod 0755) whatever it points at.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clusterPlace } from "../../server/db/cluster-user.ts";

const work = mkdtempSync(path.join(tmpdir(), "vs-cluster-place-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(process.getuid?.() === 0)("clusterPlace as root", () => {
  it("refuses a base folder that is a link, leaving what it points at alone", () => {
    const target = path.join(work, "private");
    mkdirSync(target);
    chmodSync(target, 0o700);
    const temp = path.join(work, "tmp");
    mkdirSync(temp);
    symlinkSync(target, path.join(temp, "visa-services-pg"));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    let refusal: unknown;
    try {
      clusterPlace({ binDir: "/nonexistent/bin", dir: path.join(work, "pg"), throwaway: true });
    } catch (err) {
      refusal = err;
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect((refusal as Error).message).toBe(`${path.join(temp, "visa-services-pg")} is not a folder owned by root: remove it and start again.`);
  });
});
