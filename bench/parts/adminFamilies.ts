// Families among the million: one account in eight applies as a family, its earliest application leading the group
// and its others (up to eight) the members, as the portal makes them. The staff's list names each row's group ("Leads
// a family group of N", "Family group of N") from the members' partial index; here it is timed on a family's cases
// and checked against the data itself.
import type { Knex } from "knex";
import { type Section, withoutTimeLimit } from "../lib.ts";
import { send } from "./load.ts";

/** Joins one bulk account in eight into a family group; returns the groups and the cases in them. */
export async function seedFamilies(db: Knex): Promise<{ groups: number; cases: number }> {
  await withoutTimeLimit(db, [
    `WITH ranked AS (
       SELECT a.id, a.user_id, row_number() OVER (PARTITION BY a.user_id ORDER BY a.created_at, a.id) AS k
         FROM visa_applications a
        WHERE a.reference_number LIKE 'VA-BULK-%' AND abs(hashtext(a.user_id::text)) % 8 = 0
     ), leads AS (SELECT user_id, id AS lead_id FROM ranked WHERE k = 1)
     UPDATE visa_applications a
        SET group_lead_id = l.lead_id, group_relation = (ARRAY['spouse','child','parent'])[1 + r.k::int % 3]
       FROM ranked r JOIN leads l USING (user_id)
      WHERE a.id = r.id AND r.k BETWEEN 2 AND 9`,
    "VACUUM ANALYZE visa_applications",
  ]);
  const [{ groups, members }] = (
    await db.raw<{ rows: { groups: number; members: number }[] }>(
      "SELECT count(DISTINCT group_lead_id)::int AS groups, count(*)::int AS members FROM visa_applications WHERE group_lead_id IS NOT NULL",
    )
  ).rows;
  return { groups, cases: groups + members };
}

type ListRow = { id: string; family: string | null };

/**
 * The list of one family's account (a search by its e-mail, every case of the group on one page): timed, and each
 * row's label compared with the group's size counted in the table.
 */
export async function familyFigures(
  base: string,
  db: Knex,
  cookie: string,
  runs: number,
  seeded: { groups: number; cases: number },
  timed: (path: string) => Promise<Section["rows"][number]>,
): Promise<Section["rows"]> {
  const lead = await db("visa_applications as m")
    .join("visa_applications as l", "l.id", "m.group_lead_id")
    .join("users as u", "u.id", "l.user_id")
    .groupBy("l.id", "u.email")
    .havingRaw("count(*) >= 2")
    .first("l.id", "u.email", db.raw("count(*)::int AS members"));
  const path = `/admin?tab=all&size=100&q=${encodeURIComponent(lead.email)}`;
  const answer = await send(base, { method: "GET", path, headers: { Cookie: cookie, Accept: "application/json" } });
  const rows = (JSON.parse(answer.body).props.rows as ListRow[]).filter((r) => r.family);
  const size = lead.members + 1;
  const expected = (r: ListRow) => (r.id === lead.id ? `Leads a family group of ${size}` : `Family group of ${size}`);
  const wrong = rows.filter((r) => r.family !== expected(r)).length;
  return [
    {
      figure: "family groups in the data",
      value: `${seeded.groups.toLocaleString("en")} groups, ${seeded.cases.toLocaleString("en")} cases in them`,
      goal: "—",
      met: null,
    },
    {
      figure: `a family's cases on the list (group of ${size}): labels matching the table`,
      value: `${rows.length - wrong} of ${rows.length} (${runs} timed requests below)`,
      goal: `${size} of ${size}`,
      met: wrong === 0 && rows.length === size,
    },
    await timed(path),
  ];
}
