// deploy/alerts.yml is valid Prometheus and its rules fire when they should (promtool, from Debian's prometheus package).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";

function promtool(args: string[]) {
  const run = spawnSync("promtool", args, { cwd: path.join(ROOT_DIR, "deploy"), encoding: "utf8" });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error("promtool is not installed: apt-get install prometheus (it checks deploy/alerts.yml).");
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("deploy/alerts.yml", () => {
  it("passes promtool check rules", () => {
    const run = promtool(["check", "rules", "alerts.yml"]);
    expect(run.output).toContain("SUCCESS: 6 rules found");
    expect(run.status).toBe(0);
  });

  it("passes its unit tests (deploy/alerts.test.yml: outbox stuck, no backup in 26 hours, site down)", () => {
    const run = promtool(["test", "rules", "alerts.test.yml"]);
    expect(run.output).toContain("SUCCESS");
    expect(run.status).toBe(0);
  });
});
