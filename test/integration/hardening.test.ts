// Hostile input and hostile users across the whole route table: malformed bodies, other applicants' ids, XSS through SSR.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRY_LOADER } from "../../server/render/entryLoader.ts";
import { routes } from "../../server/routes.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { filesUnder, PDF } from "../helpers/files.ts";

let t: TestApp;
let owner: Client;
let intruder: Client;
const ids: Record<string, string> = {};

/** A fingerprint of every row the applicant side can change. */
async function fingerprint(): Promise<string> {
  const tables = [
    "users",
    "visa_applications",
    "application_documents",
    "application_status_history",
    "checklists",
    "checklist_items",
    "admin_notes",
  ];
  const parts = [];
  for (const table of tables) {
    const { rows } = await t.db.raw(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`);
    parts.push(rows[0].h);
  }
  return parts.join(":") + filesUnder(t.config.uploadDir).join(",");
}

beforeAll(async () => {
  t = await createTestApp();
  const ownerUser = await makeUser(t.db, { fullName: "Owner Person" });
  owner = await signedIn(t.app, ownerUser);
  intruder = await signedIn(t.app, await makeUser(t.db, { fullName: "Intruder Person" }));
  // An incomplete draft (submit is refused), a checklist and a document the owner holds.
  ids.app = (await owner.post("/api/applications", completeDraft({ full_name: "" })).expect(201)).body.application.id;
  await attachPassportFiles(owner, ids.app);
  ids.doc = (
    await owner.agent
      .post(`/api/applications/${ids.app}/documents`)
      .set("X-CSRF-Token", owner.token)
      .field("document_type", "other")
      .attach("file", PDF, "a.pdf")
      .expect(201)
  ).body.document.id;
  ids.checklist = (await owner.post("/api/checklists", { values: { "1": "Owner" } }).expect(201)).body.checklist.id;
});
afterAll(() => t.drop());

function concrete(path: string): string {
  return path
    .replace(":docId", ids.doc)
    .replace(":kind", "photo")
    .replace(":id", path.includes("checklist") ? ids.checklist : ids.app);
}

const BAD_BODIES: [string, string, string][] = [
  ["not JSON", "application/json", "{not json"],
  ["a JSON string", "application/json", '"hello"'],
  ["null", "application/json", "null"],
  ["an array", "application/json", "[1,2,3]"],
  [
    "wrong types",
    "application/json",
    JSON.stringify({ full_name: 42, visa_type: ["tourist"], values: "x", cardNumber: 4111, note: { a: 1 }, email: false }),
  ],
  ["nested operators", "application/json", JSON.stringify({ visa_type: { $ne: null }, values: { "1": { $gt: "" } }, email: { $regex: ".*" } })],
  [
    "SQL payloads",
    "application/json",
    JSON.stringify({ visa_type: "tourist'; DROP TABLE users; --", values: { "9": "x" }, email: "' OR 1=1 --", cardNumber: "1' OR '1'='1" }),
  ],
  [
    "prototype pollution",
    "application/json",
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"visa_type":"nope","values":{"0":"x"}}',
  ],
  ["huge string", "application/json", JSON.stringify({ full_name: "x".repeat(200_000) })],
  [
    "unicode overflow",
    "application/json",
    JSON.stringify({ full_name: "𝒜".repeat(500), values: { "1": "é".repeat(5000) }, cardholderName: "𝒜".repeat(500), email: "𝒜@𝒜" }),
  ],
  ["wrong content type", "text/plain", "full_name=Evil"],
  ["form encoding", "application/x-www-form-urlencoded", "full_name=Evil&status=approved"],
  ["empty multipart", "multipart/form-data; boundary=xyz", "--xyz--\r\n"],
];

// Routes that take no body ("none": submit, copy, resend the confirmation) ignore whatever is sent.
const bodyRoutes = routes.filter((r) => r.api && ["post", "put", "patch"].includes(r.method) && r.access !== "public" && r.body !== "none");

describe("input fuzzing", () => {
  for (const route of bodyRoutes) {
    it(`${route.method.toUpperCase()} ${route.path}: every malformed body gets a clear 4xx and changes nothing`, async () => {
      const before = await fingerprint();
      for (const [label, type, body] of BAD_BODIES) {
        const res = await owner.agent[route.method as "post"](concrete(route.path))
          .set("X-CSRF-Token", owner.token)
          .set("Accept", "application/json")
          .set("Content-Type", type)
          .send(body);
        expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect(typeof res.body?.error?.message, label).toBe("string");
        expect(res.body.error.message.length, label).toBeGreaterThan(5);
      }
      expect(await fingerprint()).toBe(before);
    });
  }

  it("sign-in and sign-up forms refuse malformed input without a 5xx", async () => {
    for (const path of ["/signin", "/signup"]) {
      for (const [label, type, body] of BAD_BODIES) {
        const c = await (await import("../helpers/app.ts")).newClient(t.app);
        const res = await c.agent.post(path).set("X-CSRF-Token", c.token).set("Accept", "application/json").set("Content-Type", type).send(body);
        expect(res.status, `${path} ${label}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${label}`).toBeLessThan(500);
      }
    }
  });
});

describe("another applicant's data", () => {
  const withParams = routes.filter((r) => r.access === "user" && r.path.includes(":"));
  for (const route of withParams) {
    it(`${route.method.toUpperCase()} ${route.path} answers 404 (or back to the dashboard) and leaks nothing`, async () => {
      const before = await fingerprint();
      const path = concrete(route.path);
      const res =
        route.method === "get"
          ? await intruder.get(path).set("Accept", route.api ? "application/json" : "text/html")
          : route.method === "head"
            ? await intruder.agent.head(path).set("X-CSRF-Token", intruder.token).set("Tus-Resumable", "1.0.0")
            : await intruder.agent[route.method as "post"](path).set("X-CSRF-Token", intruder.token).set("Accept", "application/json").send({});
      if (res.status === 303) expect(res.headers.location).toBe("/dashboard");
      // 400 or 415: the body was refused before any lookup, which tells nothing about the row.
      else expect([400, 404, 415]).toContain(res.status);
      expect(res.text ?? "").not.toContain("Owner Person");
      expect(res.text ?? "").not.toContain("Adaeze");
      expect(await fingerprint()).toBe(before);
    });
  }
});

describe("XSS through server rendering", () => {
  const PAYLOADS = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];
  it("renders hostile names, addresses and file names inert on every page that shows them", async () => {
    for (const payload of PAYLOADS) {
      const id = (await owner.post("/api/applications", completeDraft({ full_name: payload, address: payload, travel_purpose: payload })).expect(201))
        .body.application.id;
      await owner.agent
        .post(`/api/applications/${id}/documents`)
        .set("X-CSRF-Token", owner.token)
        .field("document_type", "other")
        .attach("file", PDF, `${payload}.pdf`)
        .expect(201);
      for (const page of [`/visa-application/${id}?step=7`, `/visa-application/${id}/review`, `/application/${id}`, "/dashboard"]) {
        const html = (await owner.get(page).expect(200)).text;
        expect(html).not.toContain("<script>alert(1)</script>");
        expect(html).not.toContain("<img src=x onerror");
        // The only script elements are the data blocks and the entry's loader, whose text is the one the policy allows.
        const scripts = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes, text] of scripts) {
          if (/type="(application\/json|application\/ld\+json)"/.test(attributes)) continue;
          if (attributes.includes('type="module"')) expect(text).toBe("");
          else expect(text).toBe(ENTRY_LOADER);
        }
      }
    }
  });
});

describe("CSRF on every state-changing route", () => {
  // HEAD changes nothing (a resumable upload's offset): like GET it carries no body to refuse.
  const changing = routes.filter((r) => r.method !== "get" && r.method !== "head");
  it("covers the route table", () => {
    expect(changing.length).toBeGreaterThan(10);
  });
  for (const route of changing) {
    it(`${route.method.toUpperCase()} ${route.path} refuses a request without the token and a cross-site one`, async () => {
      const before = await fingerprint();
      const path = concrete(route.path);
      const call = (c: Client) => c.agent[route.method as "post"](path).set("Accept", "application/json");
      // The public contact form is posted from a cached page that carries no token: only the origin checks hold it.
      if (route.access !== "public") {
        const noToken = await call(owner).send({});
        expect(noToken.status).toBe(403);
      }
      const crossSite = await call(owner).set("X-CSRF-Token", owner.token).set("Origin", "https://evil.example").send({});
      expect(crossSite.status).toBe(403);
      const fetchSite = await call(owner).set("X-CSRF-Token", owner.token).set("Sec-Fetch-Site", "cross-site").send({});
      expect(fetchSite.status).toBe(403);
      expect(await fingerprint()).toBe(before);
    });
  }
});

describe("XSS on the admin side", () => {
  it("shows hostile applicant data and notes inert in the admin list, review, full view and CSV", async () => {
    const admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const payload = "</script><script>alert(1)</script>";
    const formula = '=HYPERLINK("http://evil.example")';
    const id = (await owner.post("/api/applications", completeDraft({ full_name: payload, address: payload })).expect(201)).body.application.id;
    await owner.post("/api/applications", completeDraft({ full_name: formula })).expect(201);
    await admin.post(`/api/admin/applications/${id}/notes`, { note: '"><img src=x onerror=alert(1)>' }).expect(201);
    for (const page of ["/admin", `/admin/application/${id}`, `/admin/application/${id}/full`]) {
      const html = (await admin.get(page).expect(200)).text;
      expect(html, page).not.toContain("<script>alert(1)</script>");
      expect(html, page).not.toContain("<img src=x onerror");
    }
    const csv = await admin.get("/admin/export.csv").expect(200);
    expect(csv.text).toContain("</script><script>alert(1)</script>");
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment/);
    expect(csv.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv.text).toContain("'=HYPERLINK");
  });
});

describe("headers", () => {
  it("marks private pages and API answers no-store", async () => {
    for (const path of ["/dashboard", `/application/${ids.app}`, "/api/session"]) {
      const res = await owner.get(path);
      expect(res.headers["cache-control"], path).toContain("no-store");
    }
  });

  it("keeps Cross-Origin-Opener-Policy on sign-in and signed-in pages, not on the cached marketing pages", async () => {
    expect((await owner.get("/dashboard")).headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect((await owner.get("/api/session")).headers["cross-origin-opener-policy"]).toBe("same-origin");
    const anonymous = (await import("supertest")).default(t.app);
    expect((await anonymous.get("/signin").expect(200)).headers["cross-origin-opener-policy"]).toBe("same-origin");
    for (const path of ["/", "/services/tourist-visa", "/contact"]) {
      // Twice: the first answer is rendered, the second comes from the public page cache.
      for (const cache of ["MISS", "HIT"]) {
        const res = await anonymous.get(path).expect(200);
        expect(res.headers["x-cache"], path).toBe(cache);
        expect(res.headers["cross-origin-opener-policy"], `${path} ${cache}`).toBeUndefined();
        expect(res.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      }
    }
  });

  it("sends HSTS in production and no framework banner", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://horizongate.example" });
    try {
      const res = await (await import("supertest")).default(prod.app).get("/no-such-page").expect(404);
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.text).not.toMatch(/Express|node_modules|at \w+ \(/);
    } finally {
      await prod.drop();
    }
  });
});
