// What staff type into the search of the leads, the enquiries and the activity trail is looked for as typed: "100%"
// finds "100%" and not "1000", "Ade_Bo" finds "Ade_Bola" and not "AdeXBola", a backslash is a backslash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, recordAudit } from "../../server/models/audit.ts";
import { createEnquiry, listEnquiries } from "../../server/models/enquiries.ts";
import { insertLeadUnlessTaken, listLeads } from "../../server/models/leads.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { makeUser } from "../helpers/factories.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Pairs of texts: the first holds the search as typed, the second only what a wildcard would make of it. */
const PAIRS = [
  { q: "100%", literal: "Sure 100% of the dates", wildcard: "Sure 1000 of the dates" },
  { q: "Ade_Bo", literal: "Ade_Bola", wildcard: "AdeXBola" },
  { q: "C:\\d", literal: "C:\\docs", wildcard: "C:docs" },
];

/**
 * For each pair: `seed` stores both texts (`key` keeps their e-mails apart), then `search` for the pair's query must
 * find the literal text alone.
 */
async function findsOnlyTheLiteral(seed: (text: string, key: string) => Promise<unknown>, search: (q: string) => Promise<string[]>) {
  for (const [i, p] of PAIRS.entries()) {
    for (const [j, text] of [p.literal, p.wildcard].entries()) await seed(text, `${i}-${j}`);
    expect(await search(p.q), p.q).toEqual([p.literal]);
  }
}

describe("searches take wildcards literally", () => {
  it("in the enquiries", () =>
    findsOnlyTheLiteral(
      (message, key) => createEnquiry(t.db, { name: "Kemi Lawal", email: `enquiry${key}@example.com`, phone: "08031234567", message, package: null }),
      async (q) => (await listEnquiries(t.db, { status: null, q })).rows.map((r) => r.message),
    ));

  it("in the leads", () =>
    findsOnlyTheLiteral(
      (name, key) =>
        t.db.transaction((trx) =>
          insertLeadUnlessTaken(trx, { email: `lead${key}@example.com`, name, phone: null, source: "contact_form", user_id: null }),
        ),
      async (q) => (await listLeads(t.db, { stage: null, due: null, q }, 50, 0)).rows.map((r) => r.name),
    ));

  it("in the activity trail's person", () =>
    findsOnlyTheLiteral(
      async (fullName, key) => {
        const person = await makeUser(t.db, { fullName, email: `actor${key}@example.com` });
        await recordAudit(t.db, { action: "sign_in", actorId: person.id, subjectType: "account", subjectId: person.id });
      },
      async (q) => (await listAudit(t.db, { person: q }, {}, 50)).rows.map((r) => r.actor_name ?? ""),
    ));
});
