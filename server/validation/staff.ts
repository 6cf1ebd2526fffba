// What managers and officers send about staff and cases: an assignment, an invitation, a role, the round-robin.
import { z } from "zod";
import { STAFF_ROLES } from "../domain/staff.ts";
import { email } from "./auth.ts";

const userId = z.uuid({ error: "Choose a staff member" });

export const assignSchema = z.object({
  /** Who gets the case; null leaves it unassigned. */
  assigneeId: userId.nullable(),
  shownAssigneeId: z.uuid({ error: "This page is out of date. Reload it and choose again." }).nullable(),
});

const role = z.enum(STAFF_ROLES, { error: "Choose Manager or Case officer" });

export const inviteSchema = z.object({
  fullName: z.string({ error: "Enter their full name" }).trim().min(1, "Enter their full name").max(200, "Name must be at most 200 characters"),
  email,
  role,
});

export const roleSchema = z.object({ role });

export const roundRobinSchema = z.object({ on: z.boolean({ error: "Choose on or off" }) });
