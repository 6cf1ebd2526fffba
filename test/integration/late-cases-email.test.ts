// Every working morning each staff member gets one e-mail listing their late cases: at 08:00 Lagos (the crontab's
// 07:00 UTC), Monday to Friday; none when nothing is late, none to a deactivated person, one a day however often the
// job runs. The clock is the run's: the job is queued through the real worker with the moment a cron run carries.
import { parseCrontab } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLateCaseDigests } from "../../server/actions/applications/sendLateCaseDigests.ts";
import { LATE_CASES_CRONTAB, LATE_CASES_TASK } from "../../server/jobs/lateCases.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createLogger } from "../../server/middleware/logging.ts";
import { insertApp } from "../helpers/admin.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
let amaka: TestUser;
let bayo: TestUser;
let dayo: TestUser;
const refs: Record<string, string> = {};

const DAY = 86_400_000;
/** The Monday at least a week ahead, as YYYY-MM-DD. */
const MONDAY = (() => {
  const d = new Date(Date.now() + 8 * DAY);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  return d.toISOString().slice(0, 10);
})();
/** The Lagos moment (UTC+1) `days` after the test's Monday at `time`. */
const at = (days: number, time: string) =>
  new Date(`${new Date(Date.parse(`${MONDAY}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)}T${time}:00+01:00`);
const MONDAY_MORNING = at(0, "08:00");

async function assigned(officer: TestUser, key: string, status: string, since: Date) {
  const app = await insertApp(t.db, officer.id, {
    status,
    submitted_at: since,
    status_since: since,
    assignee_id: officer.id,
    full_name: `Applicant ${key}`,
  });
  refs[key] = app.reference_number;
}

beforeAll(async () => {
  t = await createMailTestApp();
  amaka = await makeUser(t.db, { officer: true, fullName: "Amaka Obi" });
  bayo = await makeUser(t.db, { officer: true, fullName: "Bayo Lawal" });
  dayo = await makeUser(t.db, { officer: true, fullName: "Dayo Okon" });
  // Amaka: submitted the Wednesday before (3 working days), under review for three weeks, and one submitted on Friday.
  await assigned(amaka, "submittedLate", "submitted", at(-5, "09:00"));
  await assigned(amaka, "reviewLate", "under_review", at(-21, "09:00"));
  await assigned(amaka, "onTime", "submitted", at(-3, "16:00"));
  // Bayo: nothing late. Dayo: a late case, but deactivated.
  await assigned(bayo, "bayoOnTime", "under_review", at(-2, "10:00"));
  await assigned(dayo, "dayoLate", "submitted", at(-14, "10:00"));
  await t.db("users").where({ id: dayo.id }).update({ deactivated_at: new Date() });
});
afterAll(() => t.close());

/** A run of the job as the crontab queues it, for the moment `ts`. */
const queueRun = (ts: Date) =>
  t.db.raw("SELECT graphile_worker.add_job(?, json_build_object('_cron', json_build_object('ts', ?::text, 'backfilled', false)))", [
    LATE_CASES_TASK,
    ts.toISOString(),
  ]);

const jobsLeft = async () => (await t.db.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs")).rows[0].n as number;

describe("the morning e-mail of late cases", () => {
  it("is in the crontab for 08:00 Lagos (07:00 UTC), Monday to Friday only", () => {
    const [item] = parseCrontab(LATE_CASES_CRONTAB);
    expect(item.task).toBe(LATE_CASES_TASK);
    const when = (dow: number, hour: number) => item.match({ min: 0, hour, date: 1, month: 1, dow });
    expect([1, 2, 3, 4, 5].map((d) => when(d, 7))).toEqual([true, true, true, true, true]);
    expect([when(6, 7), when(0, 7), when(1, 8), when(1, 6)]).toEqual([false, false, false, false]);
  });

  it("lists each officer's late cases once a day, even when the job runs twice; nothing late or deactivated: no e-mail", async () => {
    await queueRun(MONDAY_MORNING);
    await queueRun(new Date(MONDAY_MORNING.getTime() + 60_000));
    const [mail] = await t.smtp.waitFor((m) => m.to.includes(amaka.email));
    await expect.poll(jobsLeft, { timeout: 15_000 }).toBe(0);

    expect(mail.subject).toBe("Your 2 late cases today");
    expect(mail.text).toContain("Dear Amaka,");
    expect(mail.text).toContain(refs.submittedLate);
    expect(mail.text).toContain(refs.reviewLate);
    expect(mail.text).toContain("Under Review since");
    expect(mail.text).not.toContain(refs.onTime);
    expect(mail.links.some((l) => l.endsWith("/admin?tab=mine&late=1"))).toBe(true);

    expect(t.smtp.received.filter((m) => m.to.includes(amaka.email))).toHaveLength(1);
    expect(t.smtp.received.filter((m) => m.to.includes(bayo.email) || m.to.includes(dayo.email))).toEqual([]);
    expect(await t.db("late_case_digests").select("user_id", "cases")).toEqual([{ user_id: amaka.id, cases: 2 }]);
  });

  it("sends nothing on a weekend, and again on the next working morning", async () => {
    const actions = { db: t.db, config: t.config, logger: createLogger("silent"), outbox: createOutbox(t.config.mail) };
    expect(await sendLateCaseDigests(actions, at(5, "08:00"))).toEqual({ sent: 0 });
    expect(await sendLateCaseDigests(actions, at(6, "08:00"))).toEqual({ sent: 0 });
    expect(await sendLateCaseDigests(actions, at(7, "08:00"))).toEqual({ sent: 1 });
    expect(await sendLateCaseDigests(actions, at(7, "09:30"))).toEqual({ sent: 0 });
    await t.smtp.waitFor((m) => m.to.includes(amaka.email), 2);
  });
});
