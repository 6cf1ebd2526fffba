// A query its caller stops: the statement ends in the database (not only in this process), and the connection it
// held serves the next query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancellable, QUERY_CANCELED } from "../../server/db/cancellable.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const SLEEP = "SELECT pg_sleep(60) /* cancellable test */";
const sleeping = async () =>
  Number((await t.db.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE query = ? AND state = 'active'", [SLEEP])).rows[0].n);

describe("a cancellable query", () => {
  it("ends in the database when its signal aborts, and its connection answers the next query", async () => {
    const stop = new AbortController();
    const running = cancellable(t.db, stop.signal, () => t.db.raw(SLEEP));
    const outcome = running.then(
      () => "finished",
      (err: { code?: string }) => err.code,
    );
    for (let i = 0; i < 200 && (await sleeping()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await sleeping()).toBe(1);
    stop.abort();
    expect(await outcome).toBe(QUERY_CANCELED);
    expect(await sleeping()).toBe(0);
    // Every connection of the pool (five) answers, the one that was cancelled among them.
    const pids = await Promise.all(Array.from({ length: 5 }, () => t.db.raw("SELECT pg_backend_pid() AS pid, pg_sleep(0.1)")));
    expect(pids).toHaveLength(5);
  });

  it("answers as any query when nobody stops it", async () => {
    const rows = await cancellable<{ n: number }[]>(t.db, new AbortController().signal, () => t.db.select(t.db.raw("2 AS n")));
    expect(rows).toEqual([{ n: 2 }]);
  });

  it("does not start when stopped before it began", async () => {
    const stop = new AbortController();
    stop.abort();
    let built = false;
    await expect(
      cancellable(t.db, stop.signal, () => {
        built = true;
        return t.db.raw(SLEEP);
      }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect([built, await sleeping()]).toEqual([false, 0]);
  });
});
