// The rendering pipeline: server HTML, JSON page objects for client navigation, 404 and error pages.
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../server/middleware/errors.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { pageData } from "../helpers/html.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

describe("page rendering", () => {
  it("renders the home page on the server with its title and description, and no page object (islands only)", async () => {
    const res = await request(t.app).get("/").expect(200).expect("Content-Type", /html/);
    expect(res.text).toContain("Turn Your Dreams of International Travel Into Reality");
    expect(res.text).toMatch(/<title>[^<]+<\/title>/);
    expect(res.text).toMatch(/<meta name="description" content="[^"]+">/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.text).not.toContain('id="page-data"');
    const json = await request(t.app).get("/").set("Accept", "application/json").expect(200);
    expect(json.body.page).toBe("public/Home");
    expect(json.body.shared.site.phone).toBeTruthy();
  });

  it("answers the same URL as a JSON page object for client navigation", async () => {
    const res = await request(t.app).get("/").set("Accept", "application/json").expect(200).expect("Content-Type", /json/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.body).toMatchObject({ page: "public/Home", props: {} });
    expect(res.body.title).toContain("Lagos");
  });

  it("answers an unknown path with the 404 page", async () => {
    const res = await request(t.app).get("/no-such-page").expect(404);
    expect(res.text).toContain("Oops! Page not found");
    expect(res.text).toContain("Return to Home");
    // In the site's frame like other public pages: header with the menus, footer.
    expect(res.text).toMatch(/<header\b[^>]*>[\s\S]*id="mobile-menu"[\s\S]*<\/header>/);
    expect(res.text).toMatch(/<footer\b[\s\S]*Quick Links/);
    expect(pageData(res.text).page).toBe("errors/NotFound");
    const json = await request(t.app).get("/no-such-page").set("Accept", "application/json").expect(404);
    expect(json.body.page).toBe("errors/NotFound");
    await request(t.app)
      .get("/api/no-such-endpoint")
      .expect(404, { error: { message: "Not found" } });
  });

  it("shows the error page with status and text, never a stack trace", async () => {
    const app = express();
    app.locals = t.app.locals;
    app.get("/boom", () => {
      throw new Error("database password is hunter2");
    });
    app.use(errorHandler);
    const res = await request(app).get("/boom").expect(500);
    expect(res.text).toContain("Unexpected Application Error!");
    expect(res.text).toContain("500 Internal Server Error");
    expect(res.text).not.toContain("hunter2");
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it("answers malformed JSON with a clear 400", async () => {
    const c = await t.client();
    const res = await c.agent.post("/api/csrf").set("Content-Type", "application/json").set("X-CSRF-Token", c.token).send("{nope");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("The request body is not valid JSON.");
  });

  it("sends the security headers", async () => {
    const res = await request(t.app).get("/").expect(200);
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("reports health and readiness", async () => {
    await request(t.app).get("/healthz").expect(200, { status: "ok" });
    await request(t.app).get("/readyz").expect(200, { status: "ready" });
  });
});
