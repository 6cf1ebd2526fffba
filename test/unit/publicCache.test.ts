// The public page cache on its own: encoding negotiation, what it stores, its size cap and expiry.
import express from "express";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseEncoding, createPublicCache } from "../../server/middleware/publicCache.ts";

function appWith(options: Parameters<typeof createPublicCache>[0]) {
  const renders: string[] = [];
  const app = express();
  const cacheFor = createPublicCache(options);
  const cache = cacheFor();
  app.get("/page/:n", cache, (req, res) => {
    renders.push(String(req.params.n));
    res.type("html").send(`<p>page ${req.params.n}</p>`);
  });
  app.get("/private", cache, (_req, res) => {
    renders.push("private");
    res.set("Cache-Control", "no-store").send("mine");
  });
  app.get("/missing", cache, (_req, res) => {
    renders.push("missing");
    res.status(404).send("nope");
  });
  const kinds = new Set(["gold", "silver"]);
  app.get("/offer", cacheFor({ query: { kind: (v) => (kinds.has(v) ? v : undefined) } }), (req, res) => {
    const kind = typeof req.query.kind === "string" && kinds.has(req.query.kind) ? req.query.kind : "none";
    renders.push(`offer ${kind}`);
    res.type("html").send(`<p>offer ${kind}</p>`);
  });
  // Names the request's host, as the sitemap does without PUBLIC_URL (this app has no configuration, so none is set).
  app.get("/names-host", cacheFor({ host: true }), (req, res) => {
    renders.push(`host ${req.get("host")}`);
    res.type("text").send(`Sitemap: http://${req.get("host")}/sitemap.xml`);
  });
  return { app, renders };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.2, br;q=0", "gzip"],
    ["deflate", "identity"],
    ["", "identity"],
    [undefined, "identity"],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("createPublicCache", () => {
  it("renders a URL once and serves the stored copy afterwards", async () => {
    const { app, renders } = appWith({});
    const a = await request(app).get("/page/1").expect(200);
    const b = await request(app).get("/page/1").expect(200);
    expect(renders).toEqual(["1"]);
    expect([a.headers["x-cache"], b.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    expect(b.text).toBe("<p>page 1</p>");
    expect(b.headers["content-type"]).toMatch(/text\/html/);
  });

  it("stores neither errors nor responses marked no-store", async () => {
    const { app, renders } = appWith({});
    await request(app).get("/missing").expect(404);
    await request(app).get("/missing").expect(404);
    await request(app).get("/private").expect(200, "mine");
    const again = await request(app).get("/private").expect(200, "mine");
    expect(again.headers["x-cache"]).toBeUndefined();
    expect(renders).toEqual(["missing", "missing", "private", "private"]);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const { app, renders } = appWith({ maxEntries: 2 });
    await request(app).get("/page/1");
    await request(app).get("/page/2");
    await request(app).get("/page/1");
    await request(app).get("/page/3");
    await request(app).get("/page/1");
    await request(app).get("/page/2");
    expect(renders).toEqual(["1", "2", "3", "2"]);
  });

  it("renders again once an entry is older than ttlMs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app, renders } = appWith({ ttlMs: 1000 });
    await request(app).get("/page/1");
    vi.setSystemTime(Date.now() + 999);
    await request(app).get("/page/1");
    vi.setSystemTime(Date.now() + 2);
    await request(app).get("/page/1");
    expect(renders).toEqual(["1", "1"]);
  });
});

describe("cache key", () => {
  it("100 distinct junk query strings cause one render of the page", async () => {
    const { app, renders } = appWith({});
    for (let i = 0; i < 100; i++) {
      const res = await request(app).get(`/page/1?r=${i}&utm_source=x${i}`).expect(200);
      expect(res.text).toBe("<p>page 1</p>");
    }
    expect(renders).toEqual(["1"]);
  });

  it("keys on the query parameters a page reads, by the value they stand for", async () => {
    const { app, renders } = appWith({});
    expect((await request(app).get("/offer?kind=gold").expect(200)).text).toBe("<p>offer gold</p>");
    expect((await request(app).get("/offer?kind=silver&r=1").expect(200)).text).toBe("<p>offer silver</p>");
    expect((await request(app).get("/offer?r=2&kind=gold").expect(200)).headers["x-cache"]).toBe("HIT");
    // An unknown value is the page without it: junk values share that one entry.
    for (let i = 0; i < 20; i++) await request(app).get(`/offer?kind=junk${i}`).expect(200, "<p>offer none</p>");
    expect(renders).toEqual(["offer gold", "offer silver", "offer none"]);
  });

  it("never keys on the Host header: 300 made-up hosts neither render a page again nor push another out", async () => {
    const { app, renders } = appWith({ maxEntries: 2 });
    await request(app).get("/page/1").expect(200);
    await request(app).get("/page/2").expect(200);
    for (let i = 0; i < 300; i++) {
      const res = await request(app).get("/page/1").set("Host", `spam${i}.example`).expect(200, "<p>page 1</p>");
      expect(res.headers["x-cache"]).toBe("HIT");
    }
    expect((await request(app).get("/page/2").expect(200)).headers["x-cache"]).toBe("HIT");
    expect(renders).toEqual(["1", "2"]);
  });

  it("without PUBLIC_URL, answers a response that names the host uncached, and it takes no entry", async () => {
    const { app, renders } = appWith({ maxEntries: 1 });
    await request(app).get("/page/1").expect(200);
    for (const host of ["a.example", "b.example", "a.example"]) {
      const res = await request(app).get("/names-host").set("Host", host).expect(200, `Sitemap: http://${host}/sitemap.xml`);
      expect(res.headers["x-cache"]).toBeUndefined();
    }
    expect((await request(app).get("/page/1").expect(200)).headers["x-cache"]).toBe("HIT");
    expect(renders).toEqual(["1", "host a.example", "host b.example", "host a.example"]);
  });

  it("another spelling of a path redirects to the one cached, keeping the query", async () => {
    const { app, renders } = appWith({});
    await request(app).get("/Page/1?x=1").expect(301).expect("Location", "/page/1?x=1");
    await request(app).get("/page/1/").expect(301).expect("Location", "/page/1");
    expect(renders).toEqual([]);
  });
});
