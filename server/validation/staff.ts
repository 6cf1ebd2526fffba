// What managers and officers send about staff and cases: an assignment, an invitation, a role, the round-robin.
import { z } from "zod";
import { STAFF_ROLES } from "../domain/staff.ts";
import { email } from "./auth.ts";
import { singleLine } from "./text.ts";

const userId = z.uuid({ error: "Choose a staff member" });

export const assignSchema = z.object({
  /** Who gets the case; null leaves it unassigned. */
  assigneeId: userId.nullable(),
  shownAssigneeId: z.uuid({ error: "This page is out of date. Reload it and choose again." }).nullable(),
});

const role = z.enum(STAFF_ROLES, { error: "Choose Manager or Case officer" });

export const inviteSchema = z.object({
  fullName: singleLine({ error: "Enter their full name" }).min(1, "Enter their full name").max(200, "Name must be at most 200 characters"),
  email,
  role,
});

export const roleSchema = z.object({ role });

/** Who takes a leaver's consultation. */
export const reassignSchema = z.object({ staffId: userId });

export const roundRobinSchema = z.object({ on: z.boolean({ error: "Choose on or off" }) });

const limitDays = (what: string) =>
  z.coerce
    .number({ error: `Enter the working days for ${what}` })
    .int(`Enter a whole number of working days for ${what}`)
    .min(1, `${what[0].toUpperCase()}${what.slice(1)} needs at least 1 working day`)
    .max(60, `${what[0].toUpperCase()}${what.slice(1)} can have at most 60 working days`);

/** A status's limit in working days: whole, 1 to 60 (the table's CHECK says the same). */
export const deadlinesSchema = z.object({
  submitted: limitDays("a submitted case"),
  under_review: limitDays("a case under review"),
});
