// A createApp() on a database of its own, with supertest agents that carry cookies and the CSRF token.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CookieAccessInfo } from "cookiejar";
import type { Express } from "express";
import type { Logger } from "pino";
import request from "supertest";
import { createApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";

export interface TestApp extends TestDatabase {
  app: Express;
  config: Config;
  /** A cookie-keeping client with a CSRF token ready for state-changing calls. */
  client: () => Promise<Client>;
}

export interface Client {
  agent: ReturnType<typeof request.agent>;
  /** The CSRF token the agent holds now (it changes at sign-in, when it is bound to the new session). */
  readonly token: string;
  get: (url: string) => request.Test;
  getJson: (url: string) => request.Test;
  post: (url: string, body?: object) => request.Test;
  put: (url: string, body?: object) => request.Test;
  patch: (url: string, body?: object) => request.Test;
  del: (url: string) => request.Test;
  /** A urlencoded form post, as a browser without JavaScript sends it. */
  form: (url: string, fields: Record<string, string>) => request.Test;
}

/** The agent's cookie jar (superagent keeps it on `jar`). */
interface Jar {
  getCookies(access: CookieAccessInfo): { name: string; value: string }[];
}

export async function newClient(app: Express): Promise<Client> {
  const agent = request.agent(app);
  await agent.get("/api/csrf").expect(200);
  const jar = (agent as unknown as { jar: Jar }).jar;
  const currentToken = () =>
    decodeURIComponent(jar.getCookies(new CookieAccessInfo("127.0.0.1", "/", false, true)).find((c) => c.name === "hg.csrf")?.value ?? "");
  const withToken = (t: request.Test) => t.set("X-CSRF-Token", currentToken()).set("Accept", "application/json");
  return {
    agent,
    get token() {
      return currentToken();
    },
    get: (url) => agent.get(url),
    getJson: (url) => agent.get(url).set("Accept", "application/json"),
    post: (url, body) => withToken(agent.post(url)).send(body ?? {}),
    put: (url, body) => withToken(agent.put(url)).send(body ?? {}),
    patch: (url, body) => withToken(agent.patch(url)).send(body ?? {}),
    del: (url) => withToken(agent.delete(url)),
    form: (url, fields) =>
      agent
        .post(url)
        .type("form")
        .send({ ...fields, _csrf: currentToken() }),
  };
}

/**
 * Makes a request come from `ip`, so that a case has a network (and its rate limits) of its own: X-Forwarded-For is
 * trusted from loopback (TRUST_PROXY's default), which is where supertest connects from.
 */
export const fromAddress = (ip: string) => (req: request.Test) => req.set("X-Forwarded-For", ip);

/** The session secret of in-process test apps (their two-factor key derives from it). */
export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-42";

export async function createTestApp(env: Record<string, string> = {}, opts: { logger?: Logger } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const uploadDir = mkdtempSync(path.join(tmpdir(), "vs-uploads-"));
  // Passports are read only where a test asks for it: a read loads about 400 MB of OCR into the worker.
  const config = loadConfig(
    { NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET, UPLOAD_DIR: uploadDir, PASSPORT_READING: "off", ...env },
    () => {},
  );
  const app = createApp({ db: database.db, config, logger: opts.logger ?? createLogger("silent") });
  const drop = async () => {
    await database.drop();
    rmSync(uploadDir, { recursive: true, force: true });
  };
  return { ...database, drop, app, config, client: () => newClient(app) };
}
