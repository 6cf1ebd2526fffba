// Admin list: paging, search, filters, sort, URL state, the capped count of a broad search, and the CSV export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCast, BASE, DAY, insertApp, type ListRow, listAs } from "../helpers/admin.ts";
import type { Client, TestApp } from "../helpers/app.ts";
import { daysFromToday } from "../helpers/dates.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { anchors, visibleText } from "../helpers/html.ts";

let t: TestApp;
let applicant: TestUser;
let adm: Client;

const list = (query = "") => listAs(adm, query);
const refs = (rows: ListRow[]) => rows.map((r) => r.reference);

beforeAll(async () => {
  ({ t, applicant, adm } = await adminCast());
});
afterAll(() => t.drop());

describe("the list", () => {
  let zainab: TestUser;
  /** The oldest application: the first of Chidi's drafts. */
  let oldest: string;
  beforeAll(async () => {
    // 30 drafts of Chidi, then a handful of named, typed, submitted ones.
    for (let i = 0; i < 30; i++) {
      const draft = await insertApp(t.db, applicant.id, { visa_type: "tourist" });
      if (i === 0) oldest = draft.reference_number;
    }
    zainab = await makeUser(t.db, { fullName: "Zainab Lawal", email: "z.lawal@mail.test" });
    await insertApp(t.db, zainab.id, { reference_number: "VA-2026-ZAIN01", status: "draft" });
    await insertApp(t.db, applicant.id, {
      reference_number: "VA-2026-WORK01",
      visa_type: "work",
      status: "approved",
      full_name: "Adaeze Nwosu",
      email: "adaeze@example.com",
      destination_country: "Canada",
      submitted_at: new Date(BASE + 100 * DAY),
    });
    await insertApp(t.db, applicant.id, {
      reference_number: "VA-2026-STDY01",
      visa_type: "study",
      status: "under_review",
      full_name: "Emeka 100%_Real",
      email: "emeka@example.com",
      submitted_at: new Date(BASE + 90 * DAY),
    });
    await insertApp(t.db, applicant.id, {
      reference_number: "VA-2026-STDY02",
      visa_type: "study",
      status: "approved",
      full_name: "Ngozi Eze",
      submitted_at: new Date(BASE + 95 * DAY),
    });
  });

  it("pages on the server: 25 by default, the size asked for, and the last page when asked past the end", async () => {
    const first = await list();
    expect(first.total).toBe(34);
    expect(first.rows).toHaveLength(25);
    expect(first.pages).toBe(2);
    const second = await list("?size=10&page=2");
    expect(second.rows).toHaveLength(10);
    expect(second.query).toMatchObject({ page: 2, size: 10 });
    expect(refs(second.rows)).toEqual(refs((await list("?size=50")).rows).slice(10, 20));
    const past = await list("?size=10&page=99");
    expect(past.query.page).toBe(4);
    expect(past.rows).toHaveLength(4);
  });

  it("searches by reference, the application's name or email and the account's name or email, case-insensitively", async () => {
    expect(refs((await list("?q=work01")).rows)).toEqual(["VA-2026-WORK01"]);
    expect(refs((await list("?q=NWOSU")).rows)).toEqual(["VA-2026-WORK01"]);
    expect(refs((await list("?q=emeka@example")).rows)).toEqual(["VA-2026-STDY01"]);
    expect(refs((await list("?q=zainab")).rows)).toEqual(["VA-2026-ZAIN01"]);
    expect(refs((await list("?q=z.lawal@mail")).rows)).toEqual(["VA-2026-ZAIN01"]);
    expect((await list("?q=chidi.okafor")).total).toBe(33);
    // LIKE wildcards are searched for literally.
    expect(refs((await list("?q=100%25_")).rows)).toEqual(["VA-2026-STDY01"]);
    expect((await list("?q=%25%25%25")).total).toBe(0);
  });

  it("pages search results in list order, each match once, and shows the last page when asked past the end", async () => {
    const all = refs((await list("?q=chidi.okafor&size=100")).rows);
    expect(all).toHaveLength(33);
    expect(new Set(all).size).toBe(33);
    const second = await list("?q=chidi.okafor&size=10&page=2");
    expect(second.total).toBe(33);
    expect(second.pages).toBe(4);
    expect(refs(second.rows)).toEqual(all.slice(10, 20));
    const oldestFirst = refs((await list("?q=chidi.okafor&size=100&sort=created_asc")).rows);
    expect(oldestFirst).toEqual([...all].reverse());
    const past = await list("?q=chidi.okafor&size=10&page=99");
    expect(past.query.page).toBe(4);
    expect(refs(past.rows)).toEqual(all.slice(30));
    // A filter narrows every way a search matches (the application's columns and the account's).
    expect(refs((await list("?q=VA-2026-STDY&status=approved")).rows)).toEqual(["VA-2026-STDY02"]);
    expect(refs((await list("?q=emeka&status=approved")).rows)).toEqual([]);
    const drafts = await list("?q=chidi.okafor&status=draft&size=100");
    expect(drafts.total).toBe(drafts.rows.length);
    expect(drafts.total).toBeLessThan(33);
    expect(refs(drafts.rows)).toEqual(all.filter((r) => refs(drafts.rows).includes(r)));
    const none = await list("?q=no-such-applicant&page=3");
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
  });

  it("shows the application's name, or the account's while the form has none", async () => {
    const rows = (await list("?q=zainab")).rows;
    expect(rows[0].applicantName).toBe("Zainab Lawal");
  });

  it("filters by status and visa type, together with the search", async () => {
    expect(refs((await list("?status=approved&sort=created_asc")).rows)).toEqual(["VA-2026-WORK01", "VA-2026-STDY02"]);
    expect(refs((await list("?type=study&sort=created_asc")).rows)).toEqual(["VA-2026-STDY01", "VA-2026-STDY02"]);
    expect(refs((await list("?type=study&status=approved")).rows)).toEqual(["VA-2026-STDY02"]);
    expect(refs((await list("?type=study&q=ngozi")).rows)).toEqual(["VA-2026-STDY02"]);
    expect((await list("?status=draft")).total).toBe(31);
  });

  it("sorts by created or submitted date, both ways, drafts last when sorting by submission", async () => {
    const newest = await list("?size=10");
    expect(newest.rows[0].reference).toBe("VA-2026-STDY02");
    const times = newest.rows.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list("?sort=created_asc")).rows[0].reference).toBe(oldest);
    expect(refs((await list("?sort=submitted_desc&size=10")).rows).slice(0, 3)).toEqual(["VA-2026-WORK01", "VA-2026-STDY02", "VA-2026-STDY01"]);
    const asc = await list("?sort=submitted_asc&size=10");
    expect(refs(asc.rows).slice(0, 3)).toEqual(["VA-2026-STDY01", "VA-2026-STDY02", "VA-2026-WORK01"]);
    expect(asc.rows[3].submittedAt).toBeNull();
  });

  it("falls back to the defaults for invalid query values instead of failing", async () => {
    for (const query of [
      "?page=-3&size=7&status=bogus&type=space&sort=drop%20table",
      "?page=abc&size=&sort[]=x",
      "?page=1e9&size=100000",
      "?q=a&q=b&status=approved&status=draft",
      `?q=${"x".repeat(5000)}`,
    ]) {
      const props = await list(query);
      expect(props.query).toMatchObject({ page: 1, size: 25, sort: "created_desc" });
    }
    expect((await list("?status=bogus")).total).toBe(34);
    const html = await adm.get("/admin?page=%E0%A4%A&size=-1").expect(200);
    expect(html.text).toContain("All Applications");
  });

  it("renders the table on the server with a labelled status select per row", async () => {
    const res = await adm.get("/admin?tab=all&q=WORK01").expect(200);
    expect(res.text).toContain("All Applications");
    expect(res.text).toContain('aria-label="Status of VA-2026-WORK01"');
    expect(res.text).toContain("View Analytics");
    expect(res.text).toContain("Adaeze Nwosu");
  });
});

describe("a search that begins as references do", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t.db, { fullName: "Ruth Prefix" });
    await insertApp(t.db, owner.id, { reference_number: "VA-2031-PRFX01", full_name: "Tomi Prefix" });
    await insertApp(t.db, owner.id, { reference_number: "VA-2031-PRFX02", full_name: "Tomi Prefix" });
    // "va-" inside a name or an e-mail is still found anywhere in it: only the reference is read from its start.
    await insertApp(t.db, owner.id, { reference_number: "VA-2031-EVAM01", full_name: "Eva-Maria Okon", email: "nova-mail@example.com" });
  });
  afterAll(async () => {
    await t.db("visa_applications").where({ user_id: owner.id }).delete();
  });
  const found = async (q: string) => refs((await list(`?tab=all&q=${encodeURIComponent(q)}`)).rows).sort();

  it("finds references by their beginning in any case, and still by any part of them", async () => {
    expect(await found("va-2031-prfx")).toEqual(["VA-2031-PRFX01", "VA-2031-PRFX02"]);
    expect(await found("VA-2031-PRFX02")).toEqual(["VA-2031-PRFX02"]);
    expect(await found("Va-2031-")).toEqual(["VA-2031-EVAM01", "VA-2031-PRFX01", "VA-2031-PRFX02"]);
    expect(await found("2031-prfx0")).toEqual(["VA-2031-PRFX01", "VA-2031-PRFX02"]);
    expect(await found("va-2031-prfx03")).toEqual([]);
  });

  it("finds 'va-' anywhere in a name or an e-mail, and takes wildcards literally", async () => {
    expect(await found("va-maria")).toEqual(["VA-2031-EVAM01"]);
    expect(await found("va-mail@")).toEqual(["VA-2031-EVAM01"]);
    expect(await found("va-2031-%")).toEqual([]);
    expect(await found("va-2031-_rfx01")).toEqual([]);
  });
});

describe("a broad search", () => {
  const MATCHES = 1050;
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t.db, { fullName: "Account Holder" });
    // More matches than the list counts exactly: a minute apart, every third a work visa.
    await t.db.raw(
      `INSERT INTO visa_applications (user_id, reference_number, status, visa_type, full_name, created_at)
       SELECT ?, 'VA-2026-B' || lpad(g::text, 5, '0'), 'draft', CASE WHEN g % 3 = 0 THEN 'work' ELSE 'tourist' END,
              'Ifeoma Broadmatch', ?::timestamptz + g * interval '1 minute'
         FROM generate_series(1, ?::int) g`,
      [owner.id, new Date(BASE + 400 * DAY), MATCHES],
    );
  });
  afterAll(async () => {
    await t.db("visa_applications").where({ user_id: owner.id }).delete();
  });

  type Listed = Awaited<ReturnType<typeof list>> & { exact: boolean };
  const broad = async (query: string) => (await list(`?q=broadmatch${query}`)) as Listed;
  const ref = (g: number) => `VA-2026-B${String(g).padStart(5, "0")}`;

  it("counts only up to 1,000, says 'more than', and pages on in list order", async () => {
    const first = await broad("");
    expect(first).toMatchObject({ total: 1000, exact: false, pages: 2 });
    expect(refs(first.rows)).toEqual(Array.from({ length: 25 }, (_, i) => ref(MATCHES - i)));
    const later = await broad("&size=100&page=5");
    expect(later).toMatchObject({ total: 1000, exact: false, pages: 6 });
    expect(refs(later.rows)).toEqual(Array.from({ length: 100 }, (_, i) => ref(MATCHES - 400 - i)));
    const oldest = await broad("&sort=created_asc&size=10");
    expect(refs(oldest.rows)).toEqual(Array.from({ length: 10 }, (_, i) => ref(i + 1)));
  });

  it("knows the exact count on the last page, and shows the last page when asked past the end", async () => {
    const last = await broad("&size=100&page=11");
    expect(last).toMatchObject({ total: MATCHES, exact: true, pages: 11 });
    expect(refs(last.rows)).toEqual(Array.from({ length: 50 }, (_, i) => ref(50 - i)));
    const past = await broad("&size=100&page=99");
    expect(past).toMatchObject({ total: MATCHES, exact: true, pages: 11, query: { page: 11 } });
    expect(refs(past.rows)).toEqual(refs(last.rows));
  });

  it("counts exactly again once a filter narrows it below the limit", async () => {
    const work = await broad("&type=work&size=100");
    expect(work).toMatchObject({ total: MATCHES / 3, exact: true, pages: 4 });
    expect(work.rows.every((r) => Number(r.reference.slice(-5)) % 3 === 0)).toBe(true);
  });

  it("says so on the page", async () => {
    const html = (await adm.get("/admin?tab=all&q=broadmatch").expect(200)).text;
    const text = visibleText(html);
    expect(text).toContain("Showing 1–25 of more than 1,000 applications · Page 1");
    expect(text).not.toMatch(/Page 1 of/);
    expect(anchors(html).find((a) => a.text.trim() === "Next")?.href).toBe("/admin?tab=all&q=broadmatch&page=2");
  });
});

describe("a broad search whose matches lie behind many rows that do not match", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t.db, { fullName: "Account Holder" });
    // 1,100 matches, then 3,000 newer applications that do not match: the newest rows say nothing of the search's
    // breadth, so the page must come from reading on until it fills (the walk started beside the count stops early).
    await t.db.raw(
      `INSERT INTO visa_applications (user_id, reference_number, status, visa_type, full_name, created_at)
       SELECT ?, 'VA-2026-H' || lpad(g::text, 5, '0'), 'draft', 'tourist',
              CASE WHEN g <= 1100 THEN 'Ifeoma Thinmatch' ELSE 'Tolu Other' END, ?::timestamptz + g * interval '1 minute'
         FROM generate_series(1, 4100) g`,
      [owner.id, new Date(BASE + 600 * DAY)],
    );
  });
  afterAll(async () => {
    await t.db("visa_applications").where({ user_id: owner.id }).delete();
  });

  it("still shows its newest matches first, and says 'more than'", async () => {
    const first = (await list("?q=thinmatch")) as Awaited<ReturnType<typeof list>> & { exact: boolean };
    expect(first).toMatchObject({ total: 1000, exact: false, pages: 2 });
    expect(refs(first.rows)).toEqual(Array.from({ length: 25 }, (_, i) => `VA-2026-H${String(1100 - i).padStart(5, "0")}`));
  });
});

describe("a broad search found through the accounts", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(t.db, { fullName: "Kemi Mixmatch" });
    // 1,200 applications of an account whose name matches; 600 of them match by their own name too. Every third is
    // a work visa.
    await t.db.raw(
      `INSERT INTO visa_applications (user_id, reference_number, status, visa_type, full_name, created_at)
       SELECT ?, 'VA-2026-M' || lpad(g::text, 5, '0'), 'draft', CASE WHEN g % 3 = 0 THEN 'work' ELSE 'tourist' END,
              CASE WHEN g % 2 = 0 THEN 'Ifeoma Mixmatch' ELSE 'Tolu Other' END, ?::timestamptz + g * interval '1 minute'
         FROM generate_series(1, 1200) g`,
      [owner.id, new Date(BASE + 500 * DAY)],
    );
  });
  afterAll(async () => {
    await t.db("visa_applications").where({ user_id: owner.id }).delete();
  });

  it("is broad when the applications' own names match fewer than the limit and their accounts the rest", async () => {
    expect(await list("?q=mixmatch")).toMatchObject({ total: 1000, exact: false });
  });

  it("counts an application matching both ways once", async () => {
    const work = (await list("?q=mixmatch&type=work&size=100")) as Awaited<ReturnType<typeof list>> & { exact: boolean };
    expect(work).toMatchObject({ total: 400, exact: true, pages: 4 });
  });
});

describe("CSV export", () => {
  beforeAll(async () => {
    const owner = await makeUser(t.db, { fullName: "Csv Owner", email: "csv.owner@example.com" });
    await insertApp(t.db, owner.id, {
      reference_number: "VA-2026-CSV001",
      status: "rejected",
      visa_type: "business",
      full_name: '=HYPERLINK("http://evil.test","Click")',
      email: "+2348030000000@example.com",
      destination_country: 'Lagos, "Nigeria"\nline two',
      // Late evening UTC is past midnight in Lagos: the export shows the local date and time.
      submitted_at: new Date(`${daysFromToday(-30)}T23:30:00Z`),
    });
    await insertApp(t.db, owner.id, { reference_number: "VA-2026-CSV002", status: "rejected", full_name: "@SUM(A1)", destination_country: "-1" });
    await insertApp(t.db, owner.id, {
      reference_number: "VA-2026-CSV003",
      status: "rejected",
      full_name: "Adébáyọ̀ Ọlá",
      payment_status: "paid",
      amount_paid: 150,
      payment_reference: "PAY-1",
    });
  });

  it("downloads the filtered list as UTF-8 CSV with a BOM, quoting and a formula guard", async () => {
    const res = await adm
      .get("/admin/export.csv?status=rejected&sort=created_asc&page=3&size=10")
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => cb(null, Buffer.concat(chunks).toString("utf8")));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.body as string;
    expect(text.startsWith("\uFEFFReference,Applicant,Email,")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    // The destination's line break stays inside its quoted cell: rows end with CRLF only.
    const first = `VA-2026-CSV001,"'=HYPERLINK(""http://evil.test"",""Click"")",'+2348030000000@example.com,Csv Owner,csv.owner@example.com,Business Visa,"Lagos, ""Nigeria""\nline two",Rejected,Pending,,,${daysFromToday(-29)} 00:30,`;
    expect(lines[1].slice(0, first.length)).toBe(first);
    expect(lines[1].slice(first.length)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines[2]).toMatch(/^VA-2026-CSV002,'@SUM\(A1\),csv\.owner@example\.com,Csv Owner,csv\.owner@example\.com,Not chosen yet,'-1,Rejected,/);
    expect(lines[3]).toMatch(/^VA-2026-CSV003,Adébáyọ̀ Ọlá,.*,Paid,150\.00,PAY-1,,/);
    // The filter holds and page/size do not apply: exactly the three rejected applications.
    expect(lines.filter((l) => l.startsWith("VA-"))).toHaveLength(3);
  });

  it("exports every matching row, in the list's order", async () => {
    const res = await adm.get("/admin/export.csv?q=chidi.okafor").expect(200);
    const refsInCsv = res.text
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(",")[0]);
    const expected = refs((await list("?q=chidi.okafor&size=100")).rows);
    expect(refsInCsv).toEqual(expected);
    expect(refsInCsv.length).toBe(33);
  });
});
