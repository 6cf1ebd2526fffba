// What staff see beside an application (the applicant's checklists and other applications), and analytics that
// stay bounded: empty categories are deleted, destinations past the top 10 are one "Other".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";

let t: TestApp;
let adm: Client;
let applicant: TestUser;
let app: Client;
let n = 0;

async function inserted(fields: Record<string, unknown>): Promise<string> {
  n += 1;
  const [row] = await t
    .db("visa_applications")
    .insert({ user_id: applicant.id, reference_number: `VA-2026-S${String(n).padStart(5, "0")}`, status: "submitted", ...fields })
    .returning("id");
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  adm = await signedIn(t.app, await makeUser(t.db, { admin: true }));
  applicant = await makeUser(t.db, { fullName: "Tunde Bakare" });
  app = await signedIn(t.app, applicant);
});
afterAll(() => t.drop());

describe("the admin review page", () => {
  it("shows the applicant's checklists with their answers and status, and their other applications", async () => {
    await app.post("/api/checklists", { title: "Before I apply", values: { "1": "Tunde Bakare", "4": "Canada" } }).expect(201);
    const id = await inserted({ visa_type: "work" });
    const other = await inserted({ visa_type: "study", status: "rejected" });
    const stranger = await makeUser(t.db);
    await t.db("visa_applications").insert({ user_id: stranger.id, reference_number: "VA-2026-NOTHIS", status: "submitted" });

    const props = (await adm.getJson(`/admin/application/${id}`).expect(200)).body.props;
    expect(props.otherApplications).toEqual([
      {
        id: other,
        reference: expect.stringMatching(/^VA-2026-S/),
        visaTypeLabel: "Student Visa",
        status: "rejected",
        statusLabel: "Rejected",
        family: null,
      },
    ]);
    expect(props.applicantChecklists).toHaveLength(1);
    expect(props.applicantChecklists[0]).toMatchObject({ title: "Before I apply", completed: false });
    expect(props.applicantChecklists[0].items.slice(0, 4)).toEqual([
      { step: 1, title: "Personal Information", value: "Tunde Bakare", done: true },
      { step: 2, title: "Contact Email", value: "", done: false },
      { step: 3, title: "Phone Number", value: "", done: false },
      { step: 4, title: "Travel Destination", value: "Canada", done: true },
    ]);
    const html = (await adm.get(`/admin/application/${id}`).expect(200)).text;
    expect(html).toContain("Applicant&#x27;s checklists");
    expect(html).toContain("Applicant&#x27;s other applications");
  });
});

describe("analytics", () => {
  it("deletes a category whose count reaches zero", async () => {
    const id = await inserted({ visa_type: "business", destination_country: "Ghana-once" });
    const rows = () => t.db("application_stats").where({ destination_country: "Ghana-once" });
    expect(await rows()).toHaveLength(1);
    await t.db("visa_applications").where({ id }).update({ destination_country: "Ghana" });
    expect(await rows()).toHaveLength(0);
    expect(await t.db("application_stats").where({ count: 0 })).toHaveLength(0);
    await t.db("visa_applications").where({ id }).delete();
    expect(await t.db("application_stats").where({ count: 0 })).toHaveLength(0);
  });

  it("shows the top 10 destinations and one 'Other'", async () => {
    for (let i = 0; i < 12; i++) await inserted({ visa_type: "tourist", destination_country: `Place ${String(i).padStart(2, "0")}` });
    const props = (await adm.getJson("/admin/analytics").expect(200)).body.props;
    const destinations = props.categories.find((c: { id: string }) => c.id === "destination").items;
    expect(destinations).toHaveLength(11);
    expect(destinations[10]).toMatchObject({ label: "Other" });
  });
});

describe("searches of one or two characters", () => {
  it("match whole words by prefix in the reference, the applicant's and the account's name and email", async () => {
    const okafor = await makeUser(t.db, { fullName: "Chidi Okafor", email: "chidi@mail.test" });
    const bokassa = await makeUser(t.db, { fullName: "Jean Bokassa", email: "jb@mail.test" });
    const [byName] = await t
      .db("visa_applications")
      .insert({ user_id: bokassa.id, reference_number: "VA-2026-ZZ0001", status: "submitted", full_name: "Ada Okonkwo" })
      .returning("id");
    const [byAccount] = await t
      .db("visa_applications")
      .insert({ user_id: okafor.id, reference_number: "VA-2026-ZZ0002", status: "approved", full_name: "Someone Else" })
      .returning("id");
    const [midWord] = await t
      .db("visa_applications")
      .insert({ user_id: bokassa.id, reference_number: "VA-2026-ZZ0003", status: "submitted", full_name: "Jean Bokassa" })
      .returning("id");
    const ids = async (query: string) =>
      ((await adm.getJson(`/admin${query}${query ? "&" : "?"}tab=all`).expect(200)).body.props.rows as { id: string }[]).map((r) => r.id).sort();
    expect(await ids("?q=ok")).toEqual([byName.id, byAccount.id].sort());
    expect(await ids("?q=OK")).toEqual([byName.id, byAccount.id].sort());
    expect(await ids("?q=ok")).not.toContain(midWord.id);
    expect(await ids("?q=ok&status=approved")).toEqual([byAccount.id]);
    expect(await ids("?q=zz")).toEqual([byName.id, byAccount.id, midWord.id].sort());
    expect(await ids("?q=qx")).toEqual([]);
    expect((await ids("?q=j")).includes(midWord.id)).toBe(true);
    // Three characters and more match any part of the text, as before.
    expect(await ids("?q=oka")).toContain(midWord.id);
  });
});

describe("broad searches (more than the list counts), read along the list order", () => {
  let accountOnly: string;
  let midWord: string;
  beforeAll(async () => {
    const owner = await makeUser(t.db, { fullName: "Plain Owner", email: "plain.owner@mail.test" });
    const holder = await makeUser(t.db, { fullName: "Wqbroad Holder", email: "holder@mail.test" });
    const hour = 3_600_000;
    await t.db.raw(
      `INSERT INTO visa_applications (user_id, reference_number, status, full_name, created_at)
       SELECT ?, 'VA-2026-W' || lpad(g::text, 5, '0'), 'submitted', 'Wqbroad Person', ?::timestamptz + g * interval '1 second'
         FROM generate_series(1, 1001) g`,
      [owner.id, new Date(Date.now() - 2 * hour)],
    );
    // The newest two: one found only through its account's name, one where the search is inside a word.
    [{ id: accountOnly }] = await t
      .db("visa_applications")
      .insert({
        user_id: holder.id,
        reference_number: "VA-2026-YY0001",
        status: "submitted",
        full_name: "Someone Else",
        created_at: new Date(Date.now() - hour / 2),
      })
      .returning("id");
    [{ id: midWord }] = await t
      .db("visa_applications")
      .insert({
        user_id: owner.id,
        reference_number: "VA-2026-YY0002",
        status: "submitted",
        full_name: "Xwqbroad",
        created_at: new Date(Date.now() - hour / 4),
      })
      .returning("id");
  });
  afterAll(async () => {
    await t.db("visa_applications").where("reference_number", "like", "VA-2026-W%").orWhere("reference_number", "like", "VA-2026-YY%").delete();
  });
  const page = async (q: string) =>
    (await adm.getJson(`/admin?tab=all&q=${q}`).expect(200)).body.props as {
      rows: { id: string; reference: string }[];
      exact: boolean;
      total: number;
    };

  it("match whole words by prefix for one or two characters, the account's name included", async () => {
    const found = await page("wq");
    expect(found).toMatchObject({ exact: false, total: 1000 });
    expect(found.rows[0].id).toBe(accountOnly);
    expect(found.rows.map((r) => r.id)).not.toContain(midWord);
    expect(found.rows[1].reference).toBe("VA-2026-W01001");
  });

  it("match any part of the text for three characters and more, the account's name included", async () => {
    const found = await page("wqbroad");
    expect(found).toMatchObject({ exact: false, total: 1000 });
    expect(found.rows.slice(0, 3).map((r) => r.id)).toEqual([midWord, accountOnly, expect.any(String)]);
  });
});
