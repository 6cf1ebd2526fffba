// Every protected route of the route table × (anonymous, applicant, admin): generated, so a new route cannot escape it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../server/routes.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
const clients: Record<"anonymous" | "applicant" | "admin", Client> = {} as never;
beforeAll(async () => {
  t = await createTestApp();
  clients.anonymous = await newClient(t.app);
  clients.applicant = await signedIn(t.app, await makeUser(t.db));
  clients.admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
});
afterAll(() => t.drop());

const concrete = (path: string) => path.replace(/:\w+/g, () => randomUUID());
const protectedRoutes = routes.filter((r) => r.access === "user" || r.access === "admin");

function call(client: Client, method: string, path: string) {
  switch (method) {
    case "get":
      return client.get(path);
    case "post":
      return client.post(path, {});
    case "put":
      return client.put(path, {});
    case "patch":
      return client.patch(path, {});
    default:
      return client.del(path);
  }
}

describe("route × role matrix", () => {
  it("covers every protected route", () => {
    expect(protectedRoutes.length).toBeGreaterThan(5);
  });

  for (const route of protectedRoutes) {
    const label = `${route.method.toUpperCase()} ${route.path}`;
    it(`${label}: anonymous is refused`, async () => {
      const path = concrete(route.path);
      const res = await call(clients.anonymous, route.method, path);
      if (route.api) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { message: "Not authenticated" } });
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe(`/auth?next=${encodeURIComponent(path)}`);
      }
    });

    it(`${label}: applicant ${route.access === "admin" ? "is refused" : "gets through the guard"}`, async () => {
      const res = await call(clients.applicant, route.method, concrete(route.path));
      if (route.access === "admin") {
        if (route.api) expect(res.status).toBe(403);
        else {
          expect(res.status).toBe(303);
          expect(res.headers.location).toBe("/dashboard");
        }
      } else {
        expect([401, 403]).not.toContain(res.status);
        expect(res.headers.location ?? "").not.toMatch(/^\/auth/);
      }
    });

    it(`${label}: admin gets through the guard`, async () => {
      const res = await call(clients.admin, route.method, concrete(route.path));
      expect([401, 403]).not.toContain(res.status);
      expect(res.headers.location ?? "").not.toMatch(/^\/auth/);
    });
  }

  for (const route of routes.filter((r) => r.access === "guest" && r.method === "get")) {
    it(`GET ${route.path}: a signed-in user is sent to the dashboard`, async () => {
      const res = await clients.applicant.get(route.path).expect(303);
      expect(res.headers.location).toBe("/dashboard");
    });
  }
});
