// The Activity page reads as sentences, one per kind of entry (a fallback for a kind it does not know), and pages by
// a cursor: "Older" and "Newer" are plain links, no entry is repeated or skipped when many share one timestamp, and a
// damaged link is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityProps } from "../../views/pages/admin/types.ts";
import { adminCast, insertApp } from "../helpers/admin.ts";
import type { Client, TestApp } from "../helpers/app.ts";
import { makeUser } from "../helpers/factories.ts";

let t: TestApp;
let adm: Client;
let adminId: string;
let applicantId: string;

beforeAll(async () => {
  const cast = await adminCast();
  ({ t, adm } = cast);
  adminId = cast.admin.id;
  applicantId = cast.applicant.id;
});
afterAll(() => t.drop());

const page = async (url: string) => (await adm.getJson(url).expect(200)).body.props as ActivityProps;
const words = (e: ActivityProps["entries"][number]) => e.sentence.map((p) => p.text).join("");

describe("sentences", () => {
  it("says who did what to which case, with the case linked; payments in their currency; unknown kinds plainly", async () => {
    const app = await insertApp(t.db, applicantId, { status: "under_review", submitted_at: new Date() });
    await adm.patch(`/api/admin/applications/${app.id}/status`, { status: "approved", shownStatus: "under_review", note: null }).expect(200);
    const other = await insertApp(t.db, applicantId, { status: "under_review", submitted_at: new Date() });
    const changed = await adm
      .patch(`/api/admin/applications/${other.id}/status`, { status: "rejected", shownStatus: "under_review", note: null })
      .expect(200);
    await adm.post(`/api/admin/applications/${other.id}/status/undo`, { changeId: changed.body.undo.changeId }).expect(200);
    await t.db("audit_events").insert([
      {
        action: "payment_recorded",
        subject_type: "application",
        subject_id: app.id,
        details: JSON.stringify({ provider: "paystack", amount: 23_250_000, currency: "NGN" }),
      },
      { action: "a_kind_from_elsewhere", actor_id: adminId, subject_type: "application", subject_id: app.id },
    ]);
    const [unknown, payment, undone, rejected, approved] = (await page("/admin/activity")).entries;
    expect(words(approved)).toBe(`Folake approved ${app.reference_number}`);
    expect(words(rejected)).toBe(`Folake rejected ${other.reference_number}`);
    expect(words(undone)).toBe(`Folake undid the move of ${other.reference_number} to Rejected: back to Under Review`);
    expect(approved.sentence[1]).toEqual({ text: app.reference_number, href: `/admin/application/${app.id}` });
    expect(words(payment)).toBe(`Payment of ₦232,500 confirmed for ${app.reference_number}`);
    expect(words(unknown)).toBe(`Folake: a kind from elsewhere — ${app.reference_number}`);
    const html = (await adm.get("/admin/activity").expect(200)).text;
    expect(html).toMatch(new RegExp(`Folake approved </span><a [^>]*href="/admin/application/${app.id}"[^>]*>${app.reference_number}</a>`));
  });
});

describe("paging by a cursor", () => {
  it("walks 120 entries sharing one timestamp by Older and back by Newer, none repeated or skipped", async () => {
    const user = await makeUser(t.db, { fullName: "Same Moment" });
    const at = new Date("2026-11-20T10:00:00.123456Z");
    await t.db("audit_events").insert(Array.from({ length: 120 }, () => ({ action: "sign_in", actor_id: user.id, at })));
    const expected = (await t.db("audit_events").where({ actor_id: user.id }).orderBy("id", "desc").pluck("id")).map(String);

    const seen: string[] = [];
    const pages: ActivityProps[] = [];
    let url: string | null = `/admin/activity?person=${encodeURIComponent(user.email)}`;
    while (url) {
      const props = await page(url);
      pages.push(props);
      seen.push(...props.entries.map((e) => e.id));
      url = props.older;
    }
    expect(pages.map((p) => p.entries.length)).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);
    expect(pages[0].newer).toBeNull();
    expect(pages[1].older).toMatch(/^\/admin\/activity\?person=[^&]+&before=[\w-]+$/);

    // Newer from the last page gives the middle page again, and from there the first.
    const middle = await page(pages[2].newer as string);
    expect(middle.entries.map((e) => e.id)).toEqual(pages[1].entries.map((e) => e.id));
    const firstAgain = await page(middle.newer as string);
    expect(firstAgain.entries.map((e) => e.id)).toEqual(pages[0].entries.map((e) => e.id));
    expect(firstAgain.newer).toBeNull();

    // The links are plain anchors in the page, usable without script.
    const html = (await adm.get(pages[1].older as string).expect(200)).text;
    expect(html).toMatch(
      /<a [^>]*href="\/admin\/activity\?person=[^"]*after=[\w-]+"[^>]*rel="prev"|rel="prev"[^>]*href="\/admin\/activity\?person=[^"]*after=/,
    );
  });

  it("refuses a damaged cursor with 400 and a clear message", async () => {
    const message = "This Activity page link is damaged or incomplete. Open Activity again and page from there.";
    const good = Buffer.from("2026-11-20T10:00:00.123456Z_5").toString("base64url");
    const bad = [
      "not-a-cursor",
      Buffer.from("2026-11-20T10:00:00Z_5").toString("base64url"),
      Buffer.from("2026-13-45T10:00:00.123456Z_5").toString("base64url"),
      Buffer.from("2026-11-20T10:00:00.123456Z_-5").toString("base64url"),
      `${good}'--`,
    ];
    for (const cursor of bad) {
      for (const key of ["before", "after"]) {
        const res = await adm.getJson(`/admin/activity?${key}=${encodeURIComponent(cursor)}`).expect(400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
    }
    expect((await adm.get(`/admin/activity?before=${good}&after=${good}`).expect(400)).text).toContain(message);
    await adm.getJson(`/admin/activity?before=${good}`).expect(200);
  });
});
