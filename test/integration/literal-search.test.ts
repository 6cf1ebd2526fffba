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

describe("searches take wildcards literally", () => {
  it("in the enquiries", async () => {
    for (const [i, p] of PAIRS.entries()) {
      for (const message of [p.literal, p.wildcard])
        await createEnquiry(t.db, { name: "Kemi Lawal", email: `enquiry${i}@example.com`, phone: "08031234567", message, package: null });
      const { rows } = await listEnquiries(t.db, { status: null, q: p.q });
      expect(
        rows.map((r) => r.message),
        p.q,
      ).toEqual([p.literal]);
    }
  });

  it("in the leads", async () => {
    for (const [i, p] of PAIRS.entries()) {
      for (const [j, name] of [p.literal, p.wildcard].entries())
        await t.db.transaction((trx) =>
          insertLeadUnlessTaken(trx, { email: `lead${i}-${j}@example.com`, name, phone: null, source: "contact_form", user_id: null }),
        );
      const { rows } = await listLeads(t.db, { stage: null, due: null, q: p.q }, 50, 0);
      expect(
        rows.map((r) => r.name),
        p.q,
      ).toEqual([p.literal]);
    }
  });

  it("in the activity trail's person", async () => {
    for (const [i, p] of PAIRS.entries()) {
      for (const [j, fullName] of [p.literal, p.wildcard].entries()) {
        const person = await makeUser(t.db, { fullName, email: `actor${i}-${j}@example.com` });
        await recordAudit(t.db, { action: "sign_in", actorId: person.id, subjectType: "account", subjectId: person.id });
      }
      const page = await listAudit(t.db, { person: p.q }, {}, 50);
      expect(
        page.rows.map((r) => r.actor_name),
        p.q,
      ).toEqual([p.literal]);
    }
  });
});
