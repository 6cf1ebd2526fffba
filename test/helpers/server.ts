// Starts the real server as a child process (production mode, its own database; the production build, or its sources
// through tsx when asked) and stops it by its pid: the one way tests, fault tests and the benchmark run a server.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { productionEnv, productionNodeArgs, SERVER_ENTRY } from "../../server/cli/buildServer.ts";
import { ROOT_DIR } from "../../server/config.ts";

export interface RunningServer {
  url: string;
  pid: number;
  uploadDir: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  /** Node flags before the entry point (e.g. a CPU profile). */
  nodeArgs?: string[];
  startTimeoutMs?: number;
  /** The heap the production build runs with (NODE_HEAP_MB), as the systemd unit runs it; else Node's default. */
  built?: { heapMb: number };
  /** The sources through tsx instead of the build (dist/server, built by the run's global setup). */
  sources?: boolean;
}

/** `env` overrides the defaults below; an UPLOAD_DIR given there is kept on stop, a made one is removed. */
/** The session secret of server processes started for tests (their two-factor key derives from it). */
export const SERVER_SESSION_SECRET = "browser-test-secret-browser-test-secret-1";

/** A port nothing listens on now (the OS picks it), for a server whose PUBLIC_URL must name its port before it starts. */
export async function freePort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

/**
 * Production requires PUBLIC_URL: unless the caller names one (as behind a balancer), it is the server's own
 * address, so links in its e-mails lead back to it as they do on a real site.
 */
async function ownAddress(env: Record<string, string>): Promise<Record<string, string>> {
  if (env.PUBLIC_URL) return {};
  const port = env.PORT && env.PORT !== "0" ? env.PORT : await freePort();
  return { PORT: port, PUBLIC_URL: `http://localhost:${port}` };
}

export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  const uploadDir = env.UPLOAD_DIR ?? mkdtempSync(path.join(tmpdir(), "vs-uploads-"));
  const address = await ownAddress(env);
  const entry = opts.sources
    ? ["--import", "tsx", "server/index.ts"]
    : [...(opts.built ? productionNodeArgs(opts.built.heapMb) : ["--enable-source-maps"]), SERVER_ENTRY];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd: ROOT_DIR,
    env: {
      ...(opts.sources ? process.env : productionEnv(process.env)),
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      SESSION_SECRET: SERVER_SESSION_SECRET,
      LOG_LEVEL: "info",
      PAYMENT_DELAY_MS: "0",
      UPLOAD_DIR: uploadDir,
      // Passports are read only where a test asks for it: a read loads about 400 MB of OCR into the worker.
      PASSPORT_READING: "off",
      ...env,
      ...address,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), opts.startTimeoutMs ?? 30_000);
    const check = () => {
      const m = out.match(/Site ready at (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url,
    pid: child.pid ?? 0,
    uploadDir,
    child,
    output: () => out,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // The upload folder goes with the server that made it (a caller that named its own keeps it).
      if (!env.UPLOAD_DIR) rmSync(uploadDir, { recursive: true, force: true });
      return code;
    },
  };
}
