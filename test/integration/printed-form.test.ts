// The printed Schengen form through HTTP: the fields read back from the downloaded file hold the answer sheet's answers
// (dates day-month-year), the empty ones are listed on its last page and beside the link; the passport photo is placed
// when uploaded; the applicant's own submitted application only, a case's staff as on its answer sheet (audited).
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplicationFields } from "../../server/domain/applicationFields.ts";
import { fillSheet } from "../../server/domain/formSheets/index.ts";
import { fillBoxes, notFilledNumbers, printedFormFor } from "../../server/domain/printedForms/index.ts";
import { createStorage } from "../../server/storage/select.ts";
import type { FormSheetProps } from "../../views/pages/admin/formSheetTypes.ts";
import type { DetailsProps } from "../../views/pages/portal/Details.tsx";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { JPEG, PNG } from "../helpers/files.ts";
import { visibleText } from "../helpers/html.ts";
import { binary, readBack } from "../helpers/printedForm.ts";

const ANSWERS = {
  visa_type: "tourist",
  full_name: "Adaeze Chioma Nwosu",
  date_of_birth: "1992-05-14",
  gender: "female",
  marital_status: "married",
  nationality: "Nigerian",
  passport_number: "A12345678",
  passport_issue_date: "2023-02-01",
  passport_expiry_date: "2033-01-31",
  passport_issuing_country: "Nigeria",
  phone: "+2348031112222",
  email: "adaeze@example.com",
  address: "5 Awolowo Road, Ikoyi, Lagos",
  destination_country: "Germany",
  arrival_date: "2027-03-01",
  departure_date: "2027-03-14",
  travel_purpose: "Holiday in Berlin",
  criminal_history: false,
  prior_visa_refusals: false,
};

describe("the printed Schengen form", () => {
  let t: TestApp;
  let officer: TestUser;
  let officerClient: Client;
  let otherOfficer: Client;
  let manager: Client;
  let owner: TestUser;
  let ownerClient: Client;
  let stranger: Client;
  beforeAll(async () => {
    t = await createTestApp();
    officer = await makeUser(t.db, { officer: true });
    officerClient = await signedIn(t.app, officer);
    otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    owner = await makeUser(t.db);
    ownerClient = await signedIn(t.app, owner);
    stranger = await signedIn(t.app, await makeUser(t.db));
  });
  afterAll(() => t.drop());

  const submitted = (fields: Record<string, unknown> = {}) =>
    insertApp(t.db, owner.id, {
      ...ANSWERS,
      visa_specific_data: JSON.stringify({ accommodation: "Hotel Adlon, Unter den Linden 77, Berlin" }),
      status: "submitted",
      submitted_at: new Date(),
      assignee_id: officer.id,
      ...fields,
    });

  const download = async (client: Client, url: string) => {
    const res = await client.get(url).buffer(true).parse(binary).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="schengen-form-VA-2026-T\d+\.pdf"$/);
    expect(res.headers["cache-control"]).toContain("no-store");
    return readBack(res.body as Buffer);
  };

  /** What the sheet answers for each box of the map, for the application as stored. */
  const expected = async (id: string) => {
    const row = await t.db("visa_applications").where({ id }).first();
    const found = printedFormFor(row.destination_country)!;
    return fillBoxes(found.map, fillSheet(found.sheet, row as ApplicationFields));
  };

  it("holds the sheet's answers in fields named by the form's numbers, the empty ones listed on its last page", async () => {
    const app = await submitted();
    const back = await download(ownerClient, `/application/${app.id}/printed-form.pdf`);
    expect(back.fields.field_1).toBe("Nwosu");
    expect(back.fields.field_3).toBe("Adaeze Chioma");
    expect(back.fields.field_4).toBe("14-05-1992");
    expect(back.fields.field_14).toBe("01-02-2023");
    expect(back.fields.field_19_3).toBe("+234 803 111 2222");
    expect(back.fields.field_27_2).toBe("01-03-2027");
    expect(back.fields.field_30).toBe("Hotel Adlon, Unter den Linden 77, Berlin");
    // Every box: the sheet's answer, or empty where the sheet has none.
    const boxes = await expected(app.id);
    expect(back.fields).toEqual(Object.fromEntries(boxes.map((b) => [b.box.name, b.value ?? ""])));
    expect(back.fields.field_5).toBe("");
    expect(back.pageCount).toBe(3);
    const last = back.pageText(2);
    const numbers = notFilledNumbers(boxes);
    expect(numbers).toEqual(expect.arrayContaining(["2", "5", "6", "11", "12", "26", "28", "32"]));
    expect(last).toContain(`Not filled: ${numbers.join(", ")}`);
    expect(last).toContain("5. Place of birth: Not asked in our application: the town of birth");
    expect(last).toContain("Photo: No passport photo uploaded");
    expect(back.pageText(0)).toContain("Application for Schengen Visa");
    expect(back.pageText(0)).toContain("For official use only");
    expect(back.images).toEqual([]);
  });

  it("places the uploaded passport photo (PNG or JPEG) in the photo box", async () => {
    const storage = createStorage(t.config);
    for (const [bytes, mime, ext] of [
      [PNG, "image/png", "png"],
      [JPEG, "image/jpeg", "jpg"],
    ] as const) {
      const key = `${owner.id}/photo_${randomUUID()}.${ext}`;
      await storage.put(key, Readable.from(bytes));
      const app = await submitted({ photo_path: key, photo_mime: mime, photo_size: bytes.length });
      const back = await download(ownerClient, `/application/${app.id}/printed-form.pdf`);
      expect(back.images, mime).toHaveLength(1);
      expect(back.pageText(2), mime).not.toContain("Photo:");
    }
  });

  it("is offered on the applicant's page with the boxes it leaves empty, once submitted and for a Schengen state", async () => {
    const app = await submitted();
    const props = (await ownerClient.getJson(`/application/${app.id}`).expect(200)).body.props as DetailsProps;
    const numbers = notFilledNumbers(await expected(app.id));
    expect(props.printedForm).toEqual({
      href: `/application/${app.id}/printed-form.pdf`,
      label: "Print the Schengen form (PDF)",
      notFilled: [...numbers, "Photo"],
    });
    const text = visibleText((await ownerClient.get(`/application/${app.id}`).expect(200)).text);
    expect(text).toContain(`Print the Schengen form (PDF)`);
    expect(text).toContain(`Not filled: ${[...numbers, "Photo"].join(", ")}`);
    const canada = await submitted({ destination_country: "Canada" });
    expect(((await ownerClient.getJson(`/application/${canada.id}`).expect(200)).body.props as DetailsProps).printedForm).toBeNull();
    const draft = await submitted({ status: "draft", submitted_at: null });
    expect(((await ownerClient.getJson(`/application/${draft.id}`).expect(200)).body.props as DetailsProps).printedForm).toBeNull();
  });

  it("answers 404 for another applicant's application, a draft and a destination without a printed form", async () => {
    const app = await submitted();
    const theirs = await stranger.get(`/application/${app.id}/printed-form.pdf`).buffer(true).parse(binary);
    expect(theirs.status).toBe(404);
    expect(theirs.headers["content-type"]).not.toBe("application/pdf");
    expect(theirs.body.toString()).not.toContain("A12345678");
    const draft = await submitted({ status: "draft", submitted_at: null });
    await ownerClient.get(`/application/${draft.id}/printed-form.pdf`).expect(404);
    const canada = await submitted({ destination_country: "Canada" });
    await ownerClient.get(`/application/${canada.id}/printed-form.pdf`).expect(404);
    await ownerClient.get("/application/not-a-uuid/printed-form.pdf").expect(404);
    const signedOut = await (await t.client()).get(`/application/${app.id}/printed-form.pdf`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/auth\?next=/);
  });

  it("is the case's staff's from its answer sheet, as the sheet is: each download in the trail", async () => {
    const app = await submitted({ status: "approved" });
    const sheet = (await officerClient.getJson(`/admin/application/${app.id}/form-sheet`).expect(200)).body.props as FormSheetProps;
    expect(sheet.printedForm?.href).toBe(`/admin/application/${app.id}/printed-form.pdf`);
    expect((await officerClient.get(`/admin/application/${app.id}/form-sheet`).expect(200)).text).toContain(
      `href="/admin/application/${app.id}/printed-form.pdf"`,
    );
    const back = await download(officerClient, `/admin/application/${app.id}/printed-form.pdf`);
    expect(back.fields.field_1).toBe("Nwosu");
    await download(manager, `/admin/application/${app.id}/printed-form.pdf`);
    const audits = await t.db("audit_events").where({ action: "document_downloaded", subject_id: app.id });
    expect(audits).toHaveLength(2);
    expect(audits[0].details).toMatchObject({ file: "schengen-form" });
    const other = await otherOfficer.get(`/admin/application/${app.id}/printed-form.pdf`);
    expect(other.status).toBe(303);
    expect(other.headers.location).toBe("/admin");
    const applicant = await ownerClient.get(`/admin/application/${app.id}/printed-form.pdf`);
    expect(applicant.status).toBe(303);
    expect(applicant.headers.location).toBe("/dashboard");
    const canada = await submitted({ destination_country: "Canada" });
    await manager.get(`/admin/application/${canada.id}/printed-form.pdf`).expect(404);
    expect(((await manager.getJson(`/admin/application/${canada.id}/form-sheet`).expect(200)).body.props as FormSheetProps).printedForm).toBeNull();
  });
});
