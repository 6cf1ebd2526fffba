// One application as the admin panel sees it (with its account); its status changes are in statusChanges.ts.
import type { Knex } from "knex";
import { type ApplicationRow, isUuid } from "./applications.ts";

export interface AdminApplicationRow extends ApplicationRow {
  account_name: string | null;
  account_email: string | null;
  account_email_confirmed: boolean;
}

export async function findApplication(db: Knex, id: string): Promise<AdminApplicationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db("visa_applications as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .where("a.id", id)
    .first("a.*", "u.full_name as account_name", "u.email as account_email", db.raw("(u.email_confirmed_at IS NOT NULL) AS account_email_confirmed"));
}

/** Whose case an application is (its applicant and its assignee), for the checks of what hangs off it. */
export async function caseOwner(db: Knex, id: string): Promise<{ user_id: string; assignee_id: string | null } | undefined> {
  if (!isUuid(id)) return undefined;
  return db("visa_applications").where({ id }).first("user_id", "assignee_id");
}
