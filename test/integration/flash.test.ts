// A message for the next page ("Access Denied" and the like) is stored before the redirect to that page goes out.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
let server: http.Server;
beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app).listen(0, "127.0.0.1");
});
afterAll(async () => {
  server.close();
  await t.drop();
});

it("sends a non-admin's redirect from /admin only once the 'Access Denied' message is saved", async () => {
  const client = await signedIn(t.app, await makeUser(t.db));
  const cookies = await client.agent.jar.getCookies({ domain: "127.0.0.1", path: "/", secure: false, script: false });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const sid = decodeURIComponent(cookies.find((c) => c.name === "hg.sid")!.value)
    .slice(2)
    .split(".")[0];

  // Hold the session row, so saving the message waits: a browser must not see the redirect before the save ends,
  // or it asks for the next page while the message is not yet stored.
  const hold = await t.db.transaction();
  await hold.raw("SELECT 1 FROM user_sessions WHERE sid = ? FOR UPDATE", [sid]);
  let answered = false;
  const { port } = server.address() as AddressInfo;
  const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/admin", headers: { Cookie: cookie, Accept: "text/html" } }, (res) => {
      answered = true;
      res.resume();
      resolve(res);
    });
    req.on("error", reject);
  });
  const waitingForRow = async () =>
    (
      await t.db.raw(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%user_sessions%'",
      )
    ).rows[0].n;
  await vi.waitFor(async () => expect(await waitingForRow()).toBe(1), { timeout: 10_000, interval: 20 });
  // One more round trip to the server, so a redirect already written would have reached this client by now.
  await client.get("/healthz");
  expect(answered, "the redirect went out before the session was saved").toBe(false);
  await hold.commit();

  const res = await answer;
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe("/dashboard");
  const dashboard = await client.getJson("/dashboard").expect(200);
  expect(dashboard.body.shared.flash).toEqual({ title: "Access Denied", description: "You don't have admin privileges", variant: "destructive" });
});
