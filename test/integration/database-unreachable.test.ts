// A start whose DATABASE_URL cannot be used stops with one sentence naming the setting, why and the fix, exit 1:
// never the driver's stack trace (a refused port, a wrong password, a missing database, an untrusted certificate).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TLSSocket } from "node:tls";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { siteCommand } from "../helpers/commands.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "vs-db-unreachable-"));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(scratch, { recursive: true, force: true });
});

function start(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, siteCommand("index"), {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "data"),
      UPLOAD_DIR: path.join(scratch, "uploads"),
      SESSION_SECRET: "database-unreachable-test-secret-0123456789",
      MAIL_WORKER: "false",
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
    if (stdout.includes("Site ready at")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

/** The one line the start printed: no stack trace, no driver warning. */
function oneSentence(stderr: string): string {
  const lines = stderr.trim().split("\n");
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0];
}

describe("a start on a DATABASE_URL it cannot use", () => {
  it("a port where nothing listens: does not answer, check host and port", async () => {
    const port = await listen(createServer());
    servers.pop()?.close();
    await new Promise((r) => setTimeout(r, 50));
    const run = await start(`postgres://app:secret@127.0.0.1:${port}/visa`);
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toBe(
      `DATABASE_URL: the database at 127.0.0.1:${port} does not answer (ECONNREFUSED): check the host and port, and that the database server runs and lets this machine in.`,
    );
  });

  it("a wrong password: the user refused, check name and password", async () => {
    const url = new URL(inject("pgAdminUrl"));
    url.password = "not-the-password";
    const run = await start(url.toString());
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toMatch(
      new RegExp(
        `^DATABASE_URL: the database at 127\\.0\\.0\\.1:${url.port} refused the user "${url.username}" \\(.*password.*\\): check the user name and the password \\(percent-encoded in the URL\\)\\.$`,
      ),
    );
  });

  it("a database that does not exist: create it or correct the name", async () => {
    const url = new URL(inject("pgAdminUrl"));
    url.pathname = "/no_such_database_here";
    const run = await start(url.toString());
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toMatch(
      /^DATABASE_URL: the database at .* has no such database \(.*no_such_database_here.*\): create it, or correct the URL's database name\.$/,
    );
  });

  it("a server whose certificate is not trusted: names sslmode=verify-full and sslrootcert", async () => {
    // A server that speaks PostgreSQL's TLS opening ("S" to the SSLRequest), then shows a self-signed certificate.
    const key = path.join(scratch, "key.pem");
    const cert = path.join(scratch, "cert.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"], {
      stdio: "ignore",
    });
    const port = await listen(
      createServer((socket) => {
        socket.once("data", () => {
          socket.write("S");
          const tls = new TLSSocket(socket, { isServer: true, key: readFileSync(key), cert: readFileSync(cert) });
          tls.on("error", () => tls.destroy());
        });
      }),
    );
    const run = await start(`postgres://app:secret@127.0.0.1:${port}/visa?sslmode=verify-full`);
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toBe(
      `DATABASE_URL: the database at 127.0.0.1:${port} presented a certificate this server does not trust (DEPTH_ZERO_SELF_SIGNED_CERT): save the provider's CA certificate in a file and end the URL with ?sslmode=verify-full&sslrootcert=<that file> (docs/operating/deploy.md, step 3).`,
    );
  });
});
