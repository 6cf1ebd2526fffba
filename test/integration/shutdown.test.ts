// Graceful shutdown: SIGTERM lets a request that is still arriving finish, then the process exits cleanly.
import http from "node:http";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { type RunningServer, startServerProcess } from "../helpers/server.ts";

let t: TestDatabase;
let server: RunningServer;
beforeAll(async () => {
  t = await createTestDatabase();
  server = await startServerProcess(t.url);
}, 60_000);
afterAll(async () => {
  await server?.stop("SIGKILL");
  await t.drop();
});

it("finishes an in-flight request after SIGTERM and exits 0", async () => {
  const { port } = new URL(server.url);
  const body = JSON.stringify({ note: "x".repeat(2000) });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/slow-arrival",
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Accept: "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    // The request is in flight (half its body sent) when the signal arrives; the rest arrives once the server is stopping.
    req.write(body.slice(0, 1000), () => {
      server.child.kill("SIGTERM");
      vi.waitFor(() => expect(server.output()).toContain("stopping: finishing in-flight requests"), { timeout: 10_000, interval: 20 }).then(
        () => req.end(body.slice(1000)),
        reject,
      );
    });
  });
  const answer = await response;
  expect(answer.status).toBe(404);
  expect(JSON.parse(answer.body)).toEqual({ error: { message: "Not found" } });
  expect(await server.stop()).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');
}, 30_000);
