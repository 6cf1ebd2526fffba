// The per-day counts of applications started and first submitted (application_days, kept by a trigger) and the All
// list's pages in creation order, which start from their day's place in those counts: every page, both ways and at
// several sizes, holds exactly the rows an offset over the whole ordered table gives, across Lagos midnights and
// rows created at the same moment, and still after applications move, are submitted or are deleted. And the money
// received per Lagos day and currency (payment_days, kept by a trigger on payments) through payments, refunds and
// corrections.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApplications, type SortKey } from "../../server/models/adminList.ts";
import { adminCast, DAY, insertApp, listAs } from "../helpers/admin.ts";
import type { Client, TestApp } from "../helpers/app.ts";
import type { TestUser } from "../helpers/factories.ts";

let t: TestApp;
let applicant: TestUser;
let adm: Client;

beforeAll(async () => {
  ({ t, applicant, adm } = await adminCast());
});
afterAll(() => t.drop());

/** A moment in Lagos (UTC+1 all year), written as its local date and time. */
const lagos = (local: string) => new Date(`${local}+01:00`);
const START = Date.now() - 60 * DAY;
const dateOf = (days: number) => new Date(START + days * DAY).toISOString().slice(0, 10);

/** The counts the trigger keeps, and the same counted from the applications themselves. */
async function daysKeptAndCounted() {
  const kept = await t
    .db("application_days")
    .where("started", ">", 0)
    .orWhere("submitted", ">", 0)
    .orderBy("day")
    .select("day", "started", "submitted");
  const { rows: counted } = await t.db.raw(`
    SELECT day, sum(started)::int AS started, sum(submitted)::int AS submitted FROM (
      SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date AS day, 1 AS started, 0 AS submitted FROM visa_applications
      UNION ALL
      SELECT (submitted_at AT TIME ZONE 'Africa/Lagos')::date, 0, 1 FROM visa_applications WHERE submitted_at IS NOT NULL
    ) d GROUP BY day ORDER BY day`);
  return { kept, counted };
}

/** Every page of the All list in `sort` at `size`, joined, against the same order over the whole table. */
async function pagedAndOrdered(sort: SortKey, size: number) {
  const direction = sort === "created_desc" ? "DESC" : "ASC";
  const ordered = (await t.db("visa_applications").orderByRaw(`created_at ${direction}, id ${direction}`).select("id")).map((r) => r.id);
  const paged: string[] = [];
  for (let page = 1; page <= Math.ceil(ordered.length / size); page++) {
    const found = await listApplications(t.db, { q: "", sort, tab: "all" }, page, size);
    expect(found.rows.length).toBeLessThanOrEqual(size);
    paged.push(...found.rows.map((r) => r.id));
  }
  return { paged, ordered };
}

describe("applications per day, and the All list's pages in creation order", () => {
  beforeAll(async () => {
    // Six Lagos days of applications: three at the same moment, one a millisecond before Lagos midnight and one on it
    // (23:00 UTC), a day with none in between.
    for (const days of [0, 1, 3, 4, 5]) {
      for (let i = 0; i < 5; i++)
        await insertApp(t.db, applicant.id, { created_at: lagos(`${dateOf(days)}T${String(8 + i).padStart(2, "0")}:15:00`) });
    }
    for (let i = 0; i < 3; i++) await insertApp(t.db, applicant.id, { created_at: lagos(`${dateOf(1)}T12:00:00`) });
    await insertApp(t.db, applicant.id, { created_at: lagos(`${dateOf(3)}T23:59:59.999`) });
    await insertApp(t.db, applicant.id, {
      created_at: lagos(`${dateOf(4)}T00:00:00`),
      submitted_at: lagos(`${dateOf(4)}T00:30:00`),
      status: "submitted",
    });
  });

  it("keeps a count per Lagos day of the applications created and first submitted that day", async () => {
    const { kept, counted } = await daysKeptAndCounted();
    expect(kept).toEqual(counted);
    // Dates are read as their text (server/db/knex.ts).
    const onDay = (days: number) => kept.find((d) => d.day === dateOf(days));
    expect(onDay(3)).toMatchObject({ started: 6, submitted: 0 });
    expect(onDay(4)).toMatchObject({ started: 6, submitted: 1 });
  });

  it("pages in creation order both ways, at any size, exactly as an offset over the whole table does", async () => {
    for (const sort of ["created_desc", "created_asc"] as const) {
      for (const size of [1, 2, 4, 7, 25]) {
        const { paged, ordered } = await pagedAndOrdered(sort, size);
        expect(paged, `${sort} by ${size}`).toEqual(ordered);
      }
    }
  });

  it("stays exact after applications are moved to another day, submitted, resubmitted and deleted", async () => {
    const ids = (await t.db("visa_applications").orderBy("created_at").select("id")).map((r) => r.id);
    await t
      .db("visa_applications")
      .where({ id: ids[0] })
      .update({ created_at: lagos(`${dateOf(2)}T10:00:00`) });
    await t
      .db("visa_applications")
      .where({ id: ids[1] })
      .update({ submitted_at: lagos(`${dateOf(5)}T09:00:00`), status: "submitted" });
    // A status change alone moves no count.
    await t.db("visa_applications").where({ id: ids[1] }).update({ status: "under_review" });
    await t.db("visa_applications").where({ id: ids[2] }).update({ submitted_at: null, status: "draft" });
    await t.db("visa_applications").whereIn("id", [ids[5], ids[6], ids[20]]).delete();
    const { kept, counted } = await daysKeptAndCounted();
    expect(kept).toEqual(counted);
    for (const sort of ["created_desc", "created_asc"] as const) {
      for (const size of [2, 3]) {
        const { paged, ordered } = await pagedAndOrdered(sort, size);
        expect(paged, `${sort} by ${size}`).toEqual(ordered);
      }
    }
  });

  it("serves the page the admin asks for on the All tab, and the last one when asked past the end", async () => {
    const ordered = (await t.db("visa_applications").orderByRaw("created_at DESC, id DESC").select("reference_number")).map(
      (r) => r.reference_number,
    );
    const second = await listAs(adm, "?tab=all&page=2&size=10");
    expect(second.rows.map((r) => r.reference)).toEqual(ordered.slice(10, 20));
    const past = await listAs(adm, "?tab=all&page=99&size=10&sort=created_asc");
    const last = Math.ceil(ordered.length / 10);
    expect(last).toBeGreaterThan(2);
    expect(past.query.page).toBe(last);
    expect(past.rows.map((r) => r.reference)).toEqual([...ordered].reverse().slice((last - 1) * 10));
  });
});

describe("money received per day", () => {
  /** The sums the trigger keeps (days with money), and the same summed from the payments themselves. */
  async function keptAndSummed() {
    const kept = await t
      .db("payment_days")
      .where("payments", ">", 0)
      .orderBy(["day", "currency"])
      .select("day", "currency", "payments", "received_minor", "refunded_minor");
    const { rows: summed } = await t.db.raw(`
      SELECT (paid_at AT TIME ZONE 'Africa/Lagos')::date AS day, currency, count(*)::int AS payments,
             sum(amount_minor)::bigint AS received_minor, sum(coalesce(refund_minor, 0))::bigint AS refunded_minor
        FROM payments WHERE state IN ('paid', 'refunded') AND paid_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`);
    return { kept, summed };
  }

  it("sums each Lagos day's payments per currency, and follows refunds, confirmations, corrections and deletions", async () => {
    let n = 0;
    const pay = async (fields: Record<string, unknown>) => {
      const app = await insertApp(t.db, applicant.id, { status: "submitted" });
      n += 1;
      const [row] = await t
        .db("payments")
        .insert({
          application_id: app.id,
          user_id: applicant.id,
          provider: "demo",
          currency: "NGN",
          amount_minor: 23_250_000,
          fee_usd_cents: 15_000,
          quote_expires_at: new Date(),
          reference: `PAY-DAY-${n}`,
          state: "paid",
          receipt_code: `DAYCODE${String(n).padStart(3, "0")}`,
          ...fields,
        })
        .returning("id");
      return row.id as string;
    };
    // 23:30 UTC is 00:30 the next day in Lagos.
    const late = await pay({ paid_at: new Date(`${dateOf(1)}T23:30:00Z`) });
    await pay({ paid_at: new Date(`${dateOf(2)}T10:00:00Z`) });
    await pay({ paid_at: new Date(`${dateOf(2)}T11:00:00Z`), currency: "USD", amount_minor: 15_000 });
    const pending = await pay({ state: "pending", receipt_code: null });
    const refunded = await pay({ paid_at: new Date(`${dateOf(3)}T09:00:00Z`) });
    let { kept, summed } = await keptAndSummed();
    expect(kept).toEqual(summed);
    expect(kept.find((d) => d.day === dateOf(2) && d.currency === "NGN")).toMatchObject({ payments: 2, received_minor: 46_500_000 });

    await t.db("payments").where({ id: refunded }).update({ state: "refunded", refund_minor: 5_000_000, refunded_at: new Date() });
    await t
      .db("payments")
      .where({ id: pending })
      .update({ state: "paid", receipt_code: "DAYLATE", paid_at: new Date(`${dateOf(4)}T08:00:00Z`) });
    await t
      .db("payments")
      .where({ id: late })
      .update({ paid_at: new Date(`${dateOf(5)}T08:00:00Z`) });
    ({ kept, summed } = await keptAndSummed());
    expect(kept).toEqual(summed);
    expect(kept.find((d) => d.day === dateOf(3))).toMatchObject({ payments: 1, refunded_minor: 5_000_000 });
    expect(kept.find((d) => d.day === dateOf(2) && d.currency === "NGN")).toMatchObject({ payments: 1 });

    await t.db("payments").where({ id: refunded }).delete();
    ({ kept, summed } = await keptAndSummed());
    expect(kept).toEqual(summed);
    expect(kept.find((d) => d.day === dateOf(3))).toBeUndefined();
  });
});
