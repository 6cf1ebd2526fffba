// Every protected route of the route table × (anonymous, applicant, admin without two-factor, admin): generated, so a
// new route cannot escape it; and the applicants' files, with real files, for each of them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "../../server/routes.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { PNG } from "../helpers/files.ts";
import { BANK_ENV, postProof } from "../helpers/payments.ts";

let t: TestApp;
const clients: Record<"anonymous" | "applicant" | "adminWithoutTwoFactor" | "admin", Client> & { owner?: Client } = {} as never;
beforeAll(async () => {
  // Bank transfer on: its routes (the forms, the proof) answer as they do for real, not as a provider that is off.
  t = await createTestApp(BANK_ENV);
  clients.anonymous = await newClient(t.app);
  clients.applicant = await signedIn(t.app, await makeUser(t.db));
  // The role, but two-factor not turned on yet: staff powers need both.
  clients.adminWithoutTwoFactor = await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false }));
  clients.admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
});
afterAll(() => t.drop());

const concrete = (path: string) => path.replace(/:\w+/g, () => randomUUID());
const protectedRoutes = routes.filter((r) => r.access === "user" || r.access === "admin");

/** What a browser sends: JSON for the API, a urlencoded form for a page's form post. */
function call(client: Client, route: (typeof routes)[number], path: string) {
  switch (route.method) {
    case "get":
      return client.get(path);
    case "head":
      return client.agent.head(path);
    case "post":
      return route.api ? client.post(path, {}) : client.form(path, {});
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
      const res = await call(clients.anonymous, route, path);
      if (route.api) {
        expect(res.status).toBe(401);
        // A HEAD answer has no body to read.
        if (route.method !== "head") expect(res.body).toEqual({ error: { message: "Not authenticated" } });
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe(route.method === "get" ? `/auth?next=${encodeURIComponent(path)}` : "/auth");
      }
    });

    /** Past the guard: not refused, not sent to sign in, and no crash (a 500 is a failure, not a pass). */
    const throughTheGuard = (res: { status: number; headers: Record<string, string> }) => {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.location ?? "").not.toMatch(/^\/auth/);
    };

    it(`${label}: applicant ${route.access === "admin" ? "is refused" : "gets through the guard"}`, async () => {
      const res = await call(clients.applicant, route, concrete(route.path));
      if (route.access === "admin") {
        if (route.api) expect(res.status).toBe(403);
        else {
          expect(res.status).toBe(303);
          expect(res.headers.location).toBe("/dashboard");
        }
      } else throughTheGuard(res);
    });

    it(`${label}: admin without two-factor ${route.access === "admin" ? "is sent to turn it on" : "gets through the guard"}`, async () => {
      const res = await call(clients.adminWithoutTwoFactor, route, concrete(route.path));
      if (route.access === "admin") {
        if (route.api) {
          expect(res.status).toBe(403);
          expect(res.body.error.message).toBe("Turn on two-factor sign-in to use the admin panel.");
        } else {
          expect(res.status).toBe(303);
          expect(res.headers.location).toBe("/account/two-factor");
        }
      } else throughTheGuard(res);
    });

    it(`${label}: admin gets through the guard`, async () => {
      throughTheGuard(await call(clients.admin, route, concrete(route.path)));
    });
  }

  for (const route of routes.filter((r) => r.access === "guest" && r.method === "get")) {
    it(`GET ${route.path}: a signed-in user is sent to the dashboard`, async () => {
      const res = await clients.applicant.get(route.path).expect(303);
      expect(res.headers.location).toBe("/dashboard");
    });
  }
});

describe("an applicant's files (/files/...)", () => {
  const urls: string[] = [];
  beforeAll(async () => {
    const owner = await makeUser(t.db);
    const client = await signedIn(t.app, owner);
    clients.owner = client;
    const app = (await client.post("/api/applications", completeDraft()).expect(201)).body.application;
    await attachPassportFiles(client, app.id);
    await client.agent
      .post(`/api/applications/${app.id}/documents`)
      .set("X-CSRF-Token", client.token)
      .field("document_type", "bank_statement")
      .attach("file", PNG, "bank.png")
      .expect(201);
    const doc = await t.db("application_documents").where({ application_id: app.id }).first("id");
    // A bank transfer's proof: the application submitted, the transfer started, the proof uploaded.
    await client.post(`/api/applications/${app.id}/submit`).expect(200);
    await client.form(`/payment/${app.id}/bank-transfer`, {}).expect(303);
    await postProof(client, app.id, PNG, "proof.png").expect(303);
    const payment = await t.db("payments").where({ application_id: app.id }).first("id");
    urls.push(
      `/files/documents/${doc.id}`,
      `/files/documents/${doc.id}?preview=1`,
      `/files/applications/${app.id}/passport-scan`,
      `/files/applications/${app.id}/photo`,
      `/files/payments/${payment.id}/proof`,
    );
  });

  it("are served to their owner and to staff with two-factor, and to nobody else (another applicant and an admin without two-factor get 404)", async () => {
    const expected: [keyof typeof clients | "owner", number][] = [
      ["owner", 200],
      ["admin", 200],
      ["applicant", 404],
      ["adminWithoutTwoFactor", 404],
      ["anonymous", 303],
    ];
    for (const url of urls) {
      for (const [who, status] of expected) {
        const res = await (clients as Record<string, Client>)[who].get(url);
        expect(res.status, `${who} ${url}`).toBe(status);
      }
    }
    // Only reads by staff with two-factor are in the trail.
    expect(await t.db("audit_events").where({ action: "document_downloaded" })).toHaveLength(urls.length);
  });
});

describe("an application's conversation (/api/.../messages)", () => {
  it("the owner writes on the applicant's route and staff with two-factor on the staff route; everyone else is refused and nothing is stored", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db));
    const id = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    const mine = `/api/applications/${id}/messages`;
    const staff = `/api/admin/applications/${id}/messages`;
    const expected: [keyof typeof clients | "ownerOfThis", string, number][] = [
      ["ownerOfThis", mine, 201],
      ["admin", staff, 201],
      ["applicant", mine, 404],
      ["applicant", staff, 403],
      ["adminWithoutTwoFactor", mine, 404],
      ["adminWithoutTwoFactor", staff, 403],
      ["admin", mine, 404],
      ["anonymous", mine, 401],
      ["anonymous", staff, 401],
    ];
    const who = { ...clients, ownerOfThis: owner } as Record<string, Client>;
    for (const [name, url, status] of expected) {
      const res = await who[name].post(url, { body: `From ${name}` });
      expect(res.status, `${name} ${url}`).toBe(status);
    }
    const bodies = await t.db("application_messages").where({ application_id: id }).orderBy("created_at").pluck("body");
    expect(bodies).toEqual(["From ownerOfThis", "From admin"]);
  });
});

describe("document requests: uploading into one, reviewing a document", () => {
  it("only the owner uploads into their request; only staff with two-factor review; everyone else is refused", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db));
    const id = (await owner.post("/api/applications", completeDraft()).expect(201)).body.application.id;
    await attachPassportFiles(owner, id);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
    const dueOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const items = [{ label: "Bank statement", documentType: "bank_statement", requirementKey: null }];
    await clients.admin.post(`/api/admin/applications/${id}/document-requests`, { items, dueOn }).expect(201);
    const request = await t.db("document_requests").where({ application_id: id }).first("id");
    const upload = (who: Client) =>
      who.agent
        .post(`/api/applications/${id}/documents`)
        .set("X-CSRF-Token", who.token)
        .set("Accept", "application/json")
        .field("request_id", request.id)
        .attach("file", PNG, "bank.png");
    const uploads: ["anonymous" | "applicant" | "adminWithoutTwoFactor" | "admin", number][] = [
      ["anonymous", 401],
      ["applicant", 404],
      ["adminWithoutTwoFactor", 404],
      ["admin", 404],
    ];
    for (const [who, status] of uploads) expect((await upload(clients[who])).status, who).toBe(status);
    expect(await t.db("application_documents").where({ application_id: id })).toHaveLength(0);
    await upload(owner).expect(201);
    const doc = await t.db("application_documents").where({ application_id: id }).first("id");
    const reviews: [Client, number][] = [
      [clients.anonymous, 401],
      [clients.applicant, 403],
      [owner, 403],
      [clients.adminWithoutTwoFactor, 403],
    ];
    for (const [who, status] of reviews)
      expect((await who.post(`/api/admin/documents/${doc.id}/review`, { decision: "accepted" })).status).toBe(status);
    expect((await t.db("application_documents").where({ id: doc.id }).first()).review_state).toBe("to_review");
    await clients.admin.post(`/api/admin/documents/${doc.id}/review`, { decision: "accepted" }).expect(200);
  });
});

describe("the Paystack webhook (outside the route table: raw body, no session)", () => {
  it("refuses every caller without Paystack's signature, signed in or not, and never starts a session", async () => {
    for (const who of ["anonymous", "applicant", "admin"] as const) {
      const res = await clients[who].agent
        .post("/webhooks/paystack")
        .set("Content-Type", "application/json")
        .set("X-CSRF-Token", clients[who].token)
        .send({ event: "charge.success", data: { reference: "HG-X" } });
      expect(res.status, who).toBe(401);
      expect(res.headers["set-cookie"], who).toBeUndefined();
    }
  });
});

describe("the public receipt check (/receipts/:code)", () => {
  it("answers everyone alike, signed in or not, the owner or not, staff or not: the one line and no session", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
    const id = (await owner.post("/api/applications", completeDraft({ full_name: "Bola Ade" })).expect(201)).body.application.id;
    await attachPassportFiles(owner, id);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
    await owner
      .post(`/api/applications/${id}/payment`, { cardholderName: "Bola Ade", cardNumber: "4111111111111111", expiry: "1229", cvv: "123" })
      .expect(200);
    const { receipt_code: code } = await t.db("payments").where({ application_id: id }).first("receipt_code");
    const bodies = new Set<string>();
    for (const who of ["anonymous", "applicant", "adminWithoutTwoFactor", "admin"] as const) {
      const res = await clients[who].get(`/receipts/${code}`).expect(200);
      expect(res.headers["set-cookie"], who).toBeUndefined();
      expect(res.text, who).toMatch(/Genuine receipt — VA-\d{4}-\w+, ₦232,500, paid \d{1,2} \w{3} \d{4}, B\. A\./);
      expect(res.text, who).not.toContain("Bola Ade");
      bodies.add(res.text);
    }
    const own = await owner.get(`/receipts/${code}`).expect(200);
    bodies.add(own.text);
    expect(bodies.size).toBe(1);
  });
});
