// Every protected route of the route table × (anonymous, applicant, admin without two-factor, admin, case officer):
// generated, so a new route cannot escape it; every route of one case × (the officer's own case, another officer's,
// an unassigned one); and the applicants' files, with real files, for each of them.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosToday } from "../../server/domain/calendar.ts";
import { TAKE_CASE_FIRST } from "../../server/domain/staff.ts";
import { MANAGERS_ONLY } from "../../server/middleware/auth.ts";
import { issueInvitationToken } from "../../server/models/familyInvitations.ts";
import { routes } from "../../server/routes.ts";
import { createStorage } from "../../server/storage/select.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeFeed } from "../helpers/consultations.ts";
import { attachPassportFiles, completeDraft, makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { PNG, pdfOf } from "../helpers/files.ts";
import { BANK_ENV, postProof } from "../helpers/payments.ts";
import { signedAgreement } from "../helpers/signatures.ts";
import { createUpload, headUpload, patchUpload, TUS } from "../helpers/tus.ts";

let t: TestApp;
type Who = "anonymous" | "applicant" | "adminWithoutTwoFactor" | "admin" | "officer" | "otherOfficer";
const clients: Record<Who, Client> & { owner?: Client } = {} as never;
let officer: TestUser;
let otherOfficer: TestUser;
beforeAll(async () => {
  // Bank transfer on: its routes (the forms, the proof) answer as they do for real, not as a provider that is off.
  t = await createTestApp(BANK_ENV);
  clients.anonymous = await newClient(t.app);
  clients.applicant = await signedIn(t.app, await makeUser(t.db));
  // The role, but two-factor not turned on yet: staff powers need both.
  clients.adminWithoutTwoFactor = await signedIn(t.app, await makeUser(t.db, { admin: true, twoFactor: false }));
  clients.admin = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  officer = await makeUser(t.db, { officer: true, fullName: "Officer One" });
  otherOfficer = await makeUser(t.db, { officer: true, fullName: "Officer Two" });
  clients.officer = await signedIn(t.app, officer);
  clients.otherOfficer = await signedIn(t.app, otherOfficer);
});
afterAll(() => t.drop());

const concrete = (path: string) => path.replace(/:\w+/g, () => randomUUID());
const staffOnly = (r: (typeof routes)[number]) => r.access === "staff" || r.access === "manager";
const protectedRoutes = routes.filter((r) => r.access === "user" || staffOnly(r));

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

  // The matrix below checks that each route's guard does what the table says; this says what the table must say.
  it("gives managers alone the staff, the settings, payments and refunds, the exports, the outbox, analytics, activity and what can be booked", () => {
    const managers = routes.filter((r) => r.access === "manager").map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(managers.sort()).toEqual(
      [
        "GET /admin/export.csv",
        "GET /admin/analytics",
        "GET /admin/activity",
        "GET /admin/outbox",
        "POST /api/admin/messages/:id/retry",
        "POST /api/admin/phone-messages/:id/retry",
        "GET /admin/payments",
        "GET /admin/payments.csv",
        "GET /admin/payments/:id",
        "POST /admin/payments/:id/confirm",
        "POST /admin/payments/:id/reject",
        "POST /admin/payments/held-transfers/:id/close",
        "POST /admin/payments/:id/held/apply",
        "POST /admin/payments/:id/held/refund",
        "GET /admin/payments/:id/refund",
        "POST /admin/payments/:id/refund",
        "GET /admin/staff",
        "POST /api/admin/staff/invitations",
        "PATCH /api/admin/staff/:id/role",
        "POST /api/admin/staff/:id/deactivate",
        "POST /api/admin/staff/:id/feed/stop",
        "POST /api/admin/bookings/:id/staff",
        "PUT /api/admin/settings/assignment",
        "POST /api/admin/settings/deadlines",
        "GET /admin/settings/payments",
        "POST /admin/settings/payments",
        "POST /admin/consultations/types",
        "POST /admin/consultations/types/:id/active",
        "POST /admin/consultations/types/:id/place",
        "POST /admin/consultations/rules",
        "GET /admin/settings/centres",
        "POST /admin/settings/centres",
        "POST /admin/settings/centres/:id",
        "POST /admin/settings/centres/:id/active",
        "GET /admin/settings/decision-times",
        "POST /admin/settings/decision-times",
        "POST /admin/settings/public-figures",
      ].sort(),
    );
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

    it(`${label}: applicant ${staffOnly(route) ? "is refused" : "gets through the guard"}`, async () => {
      const res = await call(clients.applicant, route, concrete(route.path));
      if (staffOnly(route)) {
        if (route.api) expect(res.status).toBe(403);
        else {
          expect(res.status).toBe(303);
          expect(res.headers.location).toBe("/dashboard");
        }
      } else throughTheGuard(res);
    });

    it(`${label}: admin without two-factor ${staffOnly(route) ? "is sent to turn it on" : "gets through the guard"}`, async () => {
      const res = await call(clients.adminWithoutTwoFactor, route, concrete(route.path));
      if (staffOnly(route)) {
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

    it(`${label}: case officer ${route.access === "manager" ? "gets the admin panel's denial" : "gets through the guard"}`, async () => {
      const res = await call(clients.officer, route, concrete(route.path));
      if (route.access !== "manager") return throughTheGuard(res);
      if (route.api) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: { message: MANAGERS_ONLY } });
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe("/admin");
      }
    });
  }

  for (const route of routes.filter((r) => r.access === "guest" && r.method === "get")) {
    it(`GET ${route.path}: a signed-in user is sent to the dashboard`, async () => {
      const res = await clients.applicant.get(route.path).expect(303);
      expect(res.headers.location).toBe("/dashboard");
    });
  }
});

describe("one case × (the officer's own, another officer's, an unassigned one)", () => {
  const caseRoutes = routes.filter((r) => r.access === "staff" && /\/applications?\/:id/.test(r.path));
  /** A body each case API accepts, so the answer is the case check's and not a validation error. */
  const BODIES: Record<string, (app: { id: string; assignee_id: string | null }) => Record<string, unknown> | Promise<Record<string, unknown>>> = {
    "/api/admin/applications/:id/status": () => ({ status: "under_review", shownStatus: "submitted", note: null }),
    // The officer's own change of a moment ago (its status kept, a note given), still in its window.
    "/api/admin/applications/:id/status/undo": async (app) => {
      const [change] = await t
        .db("application_status_history")
        .insert({
          application_id: app.id,
          status: "submitted",
          changed_by: officer.id,
          notes: "Checked.",
          previous_status: "submitted",
          previous_status_since: new Date(),
          undo_until: new Date(Date.now() + 30_000),
        })
        .returning("id");
      return { changeId: change.id };
    },
    "/api/admin/applications/:id/notes": () => ({ note: "Checked the bank statement." }),
    "/api/admin/applications/:id/messages": () => ({ body: "Please send a clearer bank statement." }),
    "/api/admin/applications/:id/assignee": (app) => ({ assigneeId: officer.id, shownAssigneeId: app.assignee_id }),
    "/api/admin/applications/:id/document-requests": () => ({
      items: [{ label: "Bank statement", documentType: "bank_statement", requirementKey: null }],
      dueOn: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    }),
  };
  let applicantId: string;
  beforeAll(async () => {
    applicantId = (await makeUser(t.db)).id;
  });
  const newCase = async (assignee: string | null) => {
    const { id } = await insertApp(t.db, applicantId, { status: "submitted", submitted_at: new Date(), assignee_id: assignee });
    return { id, assignee_id: assignee };
  };
  const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000);
  const lodgedRow = (id: string) => ({
    application_id: id,
    stage: "lodged",
    state: "done",
    on_date: daysFromNow(-5).toISOString().slice(0, 10),
    details: { portal: "ukvi", reference: "GWF012345678" },
    recorded_by: officer.id,
  });
  /**
   * The forms of the stages after approval (multipart posts, the token in the URL): the stage in the address, and what
   * a case needs for the form to be accepted. Only the officer's own case is made ready (approved, the stages before
   * recorded), so another officer's or an unassigned case is refused by the case check alone.
   */
  const FORMS: Record<
    string,
    { stage?: string; multipart?: boolean; fields: () => Record<string, string>; setup?: (app: { id: string }) => Promise<void> }
  > = {
    "/admin/application/:id/stages/:stage": {
      stage: "lodged",
      multipart: true,
      fields: () => ({ mode: "record", portal: "ukvi", reference: "GWF012345678", date: daysFromNow(-5).toISOString().slice(0, 10) }),
    },
    "/admin/application/:id/stages/:stage/skip": {
      stage: "appointment",
      fields: () => ({ reason: "An e-visa: no appointment at a visa centre." }),
      setup: async (app) => {
        await t.db("case_stages").insert(lodgedRow(app.id));
      },
    },
    // The case's bill: a line added, or (on a case with one) removed.
    "/admin/application/:id/bill/lines": {
      fields: () => ({ kind: "embassy_fee", label: "UK visa fee", amount: "67500", currency: "NGN", rate: "", reason: "UKVI fee" }),
    },
    // …split into instalments adding up to the tourist fee ($150 at the test rate of ₦1,550/$).
    "/admin/application/:id/bill/instalments": {
      fields: () => ({ amount_1: "132,500", due_1: lagosToday(), amount_2: "100,000", due_2: addDays(lagosToday(), 10) }),
    },
    // …a family group's rate on the lead's bill (the case leads a group with one submitted member).
    "/admin/application/:id/bill/family-rate": {
      fields: () => ({ percent: "50", reason: "Family of two" }),
      setup: async (app) => {
        await insertApp(t.db, applicantId, { status: "submitted", submitted_at: new Date(), group_lead_id: app.id, group_relation: "child" });
      },
    },
    "/admin/application/:id/bill/lines/:lineId/remove": {
      fields: () => ({ reason: "Paid at the embassy directly" }),
      setup: async (app) => {
        const [line] = await t
          .db("bill_lines")
          .insert({ application_id: app.id, kind: "courier", label: "Courier", currency: "NGN", amount_minor: 500_000, reason: "DHL" })
          .returning("id");
        lineIds.set(app.id, line.id);
      },
    },
    // A file the applicant sent on WhatsApp, stored, in the case's conversation, filed against its open request.
    "/admin/application/:id/whatsapp/:fileId/file": {
      fields: () => ({}),
      setup: async (app) => {
        const key = `${applicantId}/documents/whatsapp_${randomUUID()}.pdf`;
        await createStorage(t.config).put(key, Readable.from([pdfOf(2048)]));
        const [message] = await t
          .db("application_messages")
          .insert({ application_id: app.id, author_id: applicantId, author_role: "applicant", body: "My bank statement", channel: "whatsapp" })
          .returning("id");
        const [file] = await t
          .db("whatsapp_inbound")
          .insert({
            wamid: `wamid.${randomUUID()}`,
            from_phone: "+2348031119901",
            kind: "document",
            outcome: "conversation",
            user_id: applicantId,
            message_id: message.id,
            media_id: "1234567890",
            media_state: "stored",
            media_path: key,
            media_mime: "application/pdf",
            media_size: 2048,
            media_name: "statement.pdf",
          })
          .returning("id");
        const [request] = await t
          .db("document_requests")
          .insert({
            application_id: app.id,
            label: "Bank statement",
            document_type: "bank_statement",
            due_on: daysFromNow(7).toISOString().slice(0, 10),
          })
          .returning("id");
        fileIds.set(app.id, file.id);
        requestIds.set(app.id, request.id);
      },
    },
    "/admin/application/:id/stages/:stage/unskip": {
      stage: "appointment",
      fields: () => ({}),
      setup: async (app) => {
        await t
          .db("case_stages")
          .insert([
            lodgedRow(app.id),
            { ...lodgedRow(app.id), stage: "appointment", state: "skipped", on_date: null, details: {}, skip_reason: "An e-visa." },
          ]);
      },
    },
    "/admin/application/:id/appointment/missed": {
      fields: () => ({}),
      setup: async (app) => {
        const centre = await t.db("visa_centres").first("id");
        await t.db("case_stages").insert([
          lodgedRow(app.id),
          {
            ...lodgedRow(app.id),
            stage: "appointment",
            on_date: null,
            appointment_at: daysFromNow(-2),
            centre_id: centre.id,
            details: { centreReference: "LOS-1" },
          },
        ]);
      },
    },
  };
  /** What a case needs for a page or file to be there at all (the printed form: a destination that has one). */
  const GETS: Record<string, (app: { id: string }) => Promise<unknown>> = {
    "/admin/application/:id/printed-form.pdf": (app) => t.db("visa_applications").where({ id: app.id }).update({ destination_country: "France" }),
  };
  /** The bill line made for a case by its form's setup; the WhatsApp file and the request it is filed against. */
  const lineIds = new Map<string, string>();
  const fileIds = new Map<string, string>();
  const requestIds = new Map<string, string>();
  const send = async (route: (typeof routes)[number], app: { id: string; assignee_id: string | null }) => {
    const form = FORMS[route.path];
    const at = () =>
      route.path
        .replace(":id", app.id)
        .replace(":stage", form?.stage ?? "")
        .replace(":lineId", lineIds.get(app.id) ?? randomUUID())
        .replace(":fileId", fileIds.get(app.id) ?? randomUUID());
    if (route.method === "get") {
      await GETS[route.path]?.(app);
      return clients.officer.get(at());
    }
    if (form) {
      if (app.assignee_id === officer.id) {
        await t.db("visa_applications").where({ id: app.id }).update({ status: "approved" });
        await form.setup?.(app);
      }
      const path = at();
      const fields = { ...form.fields(), ...(route.path.includes(":fileId") ? { request_id: requestIds.get(app.id) ?? randomUUID() } : {}) };
      if (!form.multipart) return clients.officer.form(path, fields);
      let req = clients.officer.agent.post(`${path}?_csrf=${encodeURIComponent(clients.officer.token)}`);
      for (const [k, v] of Object.entries(form.fields())) req = req.field(k, v);
      return req;
    }
    const body = await BODIES[route.path](app);
    return route.method === "patch" ? clients.officer.patch(at(), body) : clients.officer.post(at(), body);
  };

  it("covers every route of one case, each API with a body it accepts and each form with what it needs", () => {
    expect(caseRoutes.length).toBeGreaterThanOrEqual(5);
    for (const r of caseRoutes.filter((r) => r.api)) expect(BODIES[r.path], r.path).toBeDefined();
    for (const r of caseRoutes.filter((r) => !r.api && r.method === "post")) expect(FORMS[r.path], r.path).toBeDefined();
  });

  for (const route of caseRoutes) {
    const label = `${route.method.toUpperCase()} ${route.path}`;
    it(`${label}: the officer's own case is theirs to open and work`, async () => {
      const app = await newCase(officer.id);
      const res = await send(route, app);
      if (FORMS[route.path]) {
        // A form answers by going back to the case with its toast.
        expect(res.status, res.text.match(/role="alert"[^>]*>([^<]*)/)?.[1] ?? res.text.slice(0, 200)).toBe(303);
        expect(res.headers.location).toMatch(new RegExp(`^/admin/application/${app.id}(#|$)`));
      } else expect(res.status, res.text).toBeLessThan(300);
    });

    it(`${label}: another officer's case is not found, and nothing changes`, async () => {
      const app = await newCase(otherOfficer.id);
      const res = await send(route, app);
      if (route.api) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { message: "Application not found" } });
      } else if (FORMS[route.path]) {
        expect(res.status).toBe(404);
        expect(await t.db("case_stages").where({ application_id: app.id })).toHaveLength(0);
        expect(await t.db("bill_lines").where({ application_id: app.id })).toHaveLength(0);
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe("/admin");
      }
      const row = await t.db("visa_applications").where({ id: app.id }).first("status", "assignee_id");
      expect(row).toEqual({ status: "submitted", assignee_id: otherOfficer.id });
      expect(await t.db("admin_notes").where({ application_id: app.id })).toHaveLength(0);
      expect(await t.db("application_messages").where({ application_id: app.id })).toHaveLength(0);
      expect(await t.db("document_requests").where({ application_id: app.id })).toHaveLength(0);
    });

    it(`${label}: an unassigned case ${route.method === "get" || route.path.endsWith("/assignee") ? "opens (and can be taken)" : "must be taken first"}`, async () => {
      const app = await newCase(null);
      const res = await send(route, app);
      if (route.method === "get" || route.path.endsWith("/assignee")) expect(res.status, res.text).toBeLessThan(300);
      else if (FORMS[route.path]) {
        // The case page again, at 403, saying so; nothing recorded.
        expect(res.status).toBe(403);
        expect(res.text).toContain(TAKE_CASE_FIRST);
        expect(await t.db("case_stages").where({ application_id: app.id })).toHaveLength(0);
        expect(await t.db("bill_lines").where({ application_id: app.id })).toHaveLength(0);
        expect((await t.db("visa_applications").where({ id: app.id }).first("status")).status).toBe("submitted");
      } else {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: { message: TAKE_CASE_FIRST } });
        expect((await t.db("visa_applications").where({ id: app.id }).first("status")).status).toBe("submitted");
        expect(await t.db("application_messages").where({ application_id: app.id })).toHaveLength(0);
      }
    });
  }
});

describe("an applicant's files (/files/...)", () => {
  const urls: string[] = [];
  let appId: string;
  beforeAll(async () => {
    const owner = await makeUser(t.db);
    const client = await signedIn(t.app, owner);
    clients.owner = client;
    const app = (await client.post("/api/applications", completeDraft()).expect(201)).body.application;
    appId = app.id;
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
    await signedAgreement(t.db, app.id);
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

  it("are served to their owner, a manager and the case's officer, and to nobody else (another officer, another applicant and an admin without two-factor get 404)", async () => {
    await t.db("visa_applications").where({ id: appId }).update({ assignee_id: officer.id });
    const expected: [keyof typeof clients | "owner", number][] = [
      ["owner", 200],
      ["admin", 200],
      ["officer", 200],
      ["otherOfficer", 404],
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
    // Only reads by staff (the manager and the officer) are in the trail (beside the printed forms the case routes made).
    const reads = t.db("audit_events").where({ action: "document_downloaded" }).whereRaw("coalesce(details->>'file', '') <> 'schengen-form'");
    expect(await reads).toHaveLength(urls.length * 2);
  });

  it("of an unassigned case are served to every officer (to decide whether to take it)", async () => {
    await t.db("visa_applications").where({ id: appId }).update({ assignee_id: null });
    for (const url of urls)
      for (const who of ["officer", "otherOfficer"] as const) expect((await clients[who].get(url)).status, `${who} ${url}`).toBe(200);
  });

  it("sent on WhatsApp (/files/whatsapp/:id) are served to the case's staff only: its sender too gets 404", async () => {
    await t.db("visa_applications").where({ id: appId }).update({ assignee_id: officer.id });
    const owner = await t.db("visa_applications").where({ id: appId }).first("user_id");
    const key = `${owner.user_id}/documents/whatsapp_${randomUUID()}.png`;
    await createStorage(t.config).put(key, Readable.from([PNG]));
    const [message] = await t
      .db("application_messages")
      .insert({ application_id: appId, author_id: owner.user_id, author_role: "applicant", body: "A photo", channel: "whatsapp" })
      .returning("id");
    const [file] = await t
      .db("whatsapp_inbound")
      .insert({
        wamid: `wamid.${randomUUID()}`,
        from_phone: "+2348031119902",
        kind: "image",
        outcome: "conversation",
        user_id: owner.user_id,
        message_id: message.id,
        media_id: "1234567891",
        media_state: "stored",
        media_path: key,
        media_mime: "image/png",
        media_size: PNG.length,
        media_name: "WhatsApp photo.png",
      })
      .returning("id");
    const expected: [keyof typeof clients | "owner", number][] = [
      ["owner", 404],
      ["admin", 200],
      ["officer", 200],
      ["otherOfficer", 404],
      ["applicant", 404],
      ["adminWithoutTwoFactor", 404],
      ["anonymous", 303],
    ];
    for (const [who, status] of expected) {
      const res = await (clients as Record<string, Client>)[who].get(`/files/whatsapp/${file.id}`);
      expect(res.status, who).toBe(status);
    }
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

  it("a case officer reviews the documents of their own case; another officer's are not found, an unassigned case's must be taken first", async () => {
    const applicant = await makeUser(t.db);
    const caseWith = async (assignee: string | null) => {
      const { id } = await insertApp(t.db, applicant.id, { status: "submitted", submitted_at: new Date(), assignee_id: assignee });
      const [doc] = await t
        .db("application_documents")
        .insert({
          application_id: id,
          document_type: "bank_statement",
          file_name: "bank.png",
          file_path: `${applicant.id}/bank-${id}.png`,
          file_size: 10,
          mime_type: "image/png",
        })
        .returning("id");
      return doc.id as string;
    };
    const review = (docId: string) => clients.officer.post(`/api/admin/documents/${docId}/review`, { decision: "sent_back", reason: "Blurred." });
    const others = await caseWith(otherOfficer.id);
    const notFound = await review(others);
    expect([notFound.status, notFound.body]).toEqual([404, { error: { message: "Document not found" } }]);
    const unassigned = await caseWith(null);
    const refused = await review(unassigned);
    expect([refused.status, refused.body]).toEqual([403, { error: { message: TAKE_CASE_FIRST } }]);
    for (const id of [others, unassigned]) expect((await t.db("application_documents").where({ id }).first()).review_state).toBe("to_review");
    expect(
      await t
        .db("document_requests")
        .whereIn("application_id", t.db("application_documents").select("application_id").whereIn("id", [others, unassigned])),
    ).toHaveLength(0);
    await review(await caseWith(officer.id)).expect(200);
  });
});

describe("the providers' webhooks (outside the route table: raw body, no session)", () => {
  const bodies: Record<string, unknown> = {
    "/webhooks/paystack": { event: "charge.success", data: { reference: "HG-X" } },
    "/webhooks/whatsapp": { object: "whatsapp_business_account", entry: [] },
    "/webhooks/termii": { type: "inbound", message_id: "1", sender: "2348030000000", message: "STOP" },
  };
  it("refuse every caller without the provider's signature, signed in or not, and never start a session", async () => {
    for (const [path, body] of Object.entries(bodies)) {
      for (const who of ["anonymous", "applicant", "admin"] as const) {
        const res = await clients[who].agent
          .post(path)
          .set("Content-Type", "application/json")
          .set("X-CSRF-Token", clients[who].token)
          .send(body as object);
        expect(res.status, `${path} ${who}`).toBe(401);
        expect(res.headers["set-cookie"], `${path} ${who}`).toBeUndefined();
      }
    }
  });
});

describe("a calendar feed (/calendar/:secret.ics: no session, the secret is the key)", () => {
  it("answers anyone with the secret while its owner is staff, and nobody once they are deactivated", async () => {
    const owner = await makeUser(t.db, { officer: true, fullName: "Feed Owner" });
    const feed = await makeFeed(await signedIn(t.app, owner));
    for (const who of ["anonymous", "applicant", "officer"] as const) expect((await clients[who].get(feed)).status, who).toBe(200);
    await clients.admin.post(`/api/admin/staff/${owner.id}/deactivate`).expect(200);
    for (const who of ["anonymous", "applicant", "officer", "admin"] as const) expect((await clients[who].get(feed)).status, who).toBe(404);
  });
});

describe("a lead's page (/admin/leads/:id)", () => {
  it("lists a case officer only the cases they may open, their own and unassigned ones; a manager all", async () => {
    const person = await makeUser(t.db, { fullName: "Lead With Cases" });
    const submitted = { status: "submitted", submitted_at: new Date() };
    const own = await insertApp(t.db, person.id, { ...submitted, assignee_id: officer.id });
    const others = await insertApp(t.db, person.id, { ...submitted, assignee_id: otherOfficer.id });
    const open = await insertApp(t.db, person.id, submitted);
    await t.db("leads").insert({ email: person.email, name: "Lead With Cases", source: "portal", user_id: person.id }).onConflict().ignore();
    const lead = await t.db("leads").whereRaw("lower(email) = lower(?)", [person.email]).first("id");
    const shown = async (who: Who) => {
      const res = await clients[who].getJson(`/admin/leads/${lead.id}`).expect(200);
      return (res.body.props.applications as { id: string }[]).map((a) => a.id).sort();
    };
    expect(await shown("officer")).toEqual([own.id, open.id].sort());
    expect(await shown("otherOfficer")).toEqual([others.id, open.id].sort());
    expect(await shown("admin")).toEqual([own.id, others.id, open.id].sort());
  });
});

describe("a resumable upload in progress (/api/uploads/:id)", () => {
  it("answers its owner alone, by the id in its path: another applicant's id in the query string reaches nothing of theirs", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db));
    const draftOf = async (c: Client) => (await c.post("/api/applications", completeDraft()).expect(201)).body.application.id as string;
    const doc = (applicationId: string) => ({ applicationId, kind: "document", document_type: "other", filename: "letter.pdf" });
    const theirs = (await createUpload(owner, 5_000, doc(await draftOf(owner))).expect(201)).headers.location as string;
    await patchUpload(owner, theirs, 0, pdfOf(5_000).subarray(0, 2_000)).expect(204);
    const mine = (await createUpload(clients.applicant, 1_000, doc(await draftOf(clients.applicant))).expect(201)).headers.location as string;
    const via = `${mine}?x=/${theirs.split("/").pop()}`;

    const strangers = { anonymous: 401, applicant: 404, admin: 404, officer: 404 } as const;
    for (const [who, status] of Object.entries(strangers)) expect((await headUpload(clients[who as Who], theirs)).status, who).toBe(status);
    const state = await headUpload(clients.applicant, via).expect(200);
    expect([state.headers["upload-offset"], state.headers["upload-length"]]).toEqual(["0", "1000"]);
    await patchUpload(clients.applicant, via, 2_000, pdfOf(5_000).subarray(2_000)).expect(409);
    const kept = await headUpload(owner, theirs).expect(200);
    expect([kept.headers["upload-offset"], kept.headers["upload-length"]]).toEqual(["2000", "5000"]);
    await clients.applicant.agent.delete(mine).set(TUS).set("X-CSRF-Token", clients.applicant.token).expect(204);
    await owner.agent.delete(theirs).set(TUS).set("X-CSRF-Token", owner.token).expect(204);
  });
});

describe("the public receipt check (/receipts/:code)", () => {
  it("answers everyone alike, signed in or not, the owner or not, staff or not: the one line and no session", async () => {
    const owner = await signedIn(t.app, await makeUser(t.db, { fullName: "Bola Ade" }));
    const id = (await owner.post("/api/applications", completeDraft({ full_name: "Bola Ade" })).expect(201)).body.application.id;
    await attachPassportFiles(owner, id);
    await owner.post(`/api/applications/${id}/submit`).expect(200);
    await signedAgreement(t.db, id);
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

describe("signing the answer sheet (/application/:id/sign)", () => {
  it("is the applicant's own: anyone else goes back to their dashboard (or to sign in), and a post signs nothing", async () => {
    const owner = await makeUser(t.db);
    const { id } = await insertApp(t.db, owner.id, { status: "approved", submitted_at: new Date(), destination_country: "United Kingdom" });
    expect((await (await signedIn(t.app, owner)).get(`/application/${id}/sign`)).status).toBe(200);
    for (const who of ["applicant", "admin", "officer"] as const) {
      const res = await clients[who].get(`/application/${id}/sign`);
      expect(res.status, who).toBe(303);
      expect(res.headers.location, who).toBe("/dashboard");
      expect((await clients[who].form(`/application/${id}/sign`, { typedName: "X", confirm: "yes", hash: "0".repeat(64) })).status, who).toBe(404);
    }
    expect((await clients.anonymous.get(`/application/${id}/sign`)).headers.location).toBe(
      `/auth?next=${encodeURIComponent(`/application/${id}/sign`)}`,
    );
    expect(await t.db("form_signatures").where({ application_id: id })).toHaveLength(0);
  });
});

describe("an adult family member's own sign-in × every applicant route of an application", () => {
  // Generated from the route table: every applicant route with an application's id, called by the member with the
  // lead's id and with another member's (a child's). None answers with success, and neither application changes.
  const idRoutes = routes.filter((r) => r.access === "user" && /:id\b/.test(r.path));
  let member: Client;
  let lead: string;
  let child: string;
  let spouse: string;
  beforeAll(async () => {
    const parentUser = await makeUser(t.db, { fullName: "Ngozi Eze" });
    const parent = await signedIn(t.app, parentUser);
    lead = (await parent.post("/api/applications", completeDraft({ full_name: "Ngozi Eze" })).expect(201)).body.application.id;
    await attachPassportFiles(parent, lead);
    const added = async (fields: Record<string, string>) =>
      String((await parent.form(`/application/${lead}/family`, fields).expect(303)).headers.location).replace("/visa-application/", "");
    spouse = await added({ relation: "spouse", relationOther: "", fullName: "Emeka Eze", dateOfBirth: "1984-07-19" });
    child = await added({ relation: "child", relationOther: "", fullName: "Chiamaka Eze", dateOfBirth: "2016-03-02" });
    await attachPassportFiles(parent, child);
    const memberUser = await makeUser(t.db, { fullName: "Emeka Eze" });
    await parent.form(`/application/${lead}/family/members/${spouse}/invite`, { email: memberUser.email }).expect(303);
    const [invitation] = await t.db("family_invitations").where({ application_id: spouse });
    const token = await issueInvitationToken(t.db, invitation.id);
    member = await signedIn(t.app, memberUser);
    await member.agent.get(`/family/invitation?token=${token}`).expect(303);
    await member.form("/family/invitation", {}).expect(303);
  });

  it("covers every applicant route of an application", () => {
    expect(idRoutes.length).toBeGreaterThan(20);
  });

  for (const route of idRoutes) {
    it(`${route.method.toUpperCase()} ${route.path}: the lead's and another member's application are not the member's`, async () => {
      const before = await t
        .db("visa_applications")
        .whereIn("id", [lead, child])
        .orderBy("id")
        .select("id", "updated_at", "status", "passport_number");
      for (const id of [lead, child]) {
        const path = route.path.replace(":id", id).replace(/:\w+/g, () => randomUUID());
        const res = await call(member, route, path);
        expect(res.status, `${path} answered ${res.status}`).toBeGreaterThanOrEqual(300);
        if (res.status === 303) expect(["/dashboard", `/application/${spouse}`]).toContain(res.headers.location);
      }
      expect(
        await t.db("visa_applications").whereIn("id", [lead, child]).orderBy("id").select("id", "updated_at", "status", "passport_number"),
      ).toEqual(before);
      expect((await t.db("visa_applications").where({ id: spouse }).first("member_user_id")).member_user_id).not.toBeNull();
    });
  }
});
