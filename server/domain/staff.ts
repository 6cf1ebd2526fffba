// Who may do what in the admin panel: the one place each staff permission is decided. Every admin route names the
// one it needs (server/routes.ts), and every page, API, file and export of one application asks mayOpenCase or
// mayWorkCase.
import type { SessionUser } from "../../views/types.ts";

/** `admin` is SPEC §6's role, the manager; `case_officer` works the cases assigned to them. */
export const STAFF_ROLES = ["admin", "case_officer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Manager", case_officer: "Case officer" };

/** Staff powers need a staff role and two-factor sign-in: a staff member who has not enrolled yet is treated as an applicant. */
export const actsAsStaff = (user: SessionUser | undefined | null): boolean => Boolean(user?.staffRole && user.twoFactor);

/** A manager: everything, plus staff, settings, exports, payments, analytics and the activity trail. */
export const actsAsManager = (user: SessionUser | undefined | null): boolean => actsAsStaff(user) && user?.staffRole === "admin";

/** The one fact about a case these rules read: whose it is. */
export interface CaseOwner {
  assignee_id: string | null;
}

/**
 * Whether the person may open a case: a manager any; an officer their own and an unassigned one (to take it). Another
 * officer's case answers 404, like another user's data.
 */
export const mayOpenCase = (user: SessionUser | undefined | null, app: CaseOwner): boolean =>
  actsAsManager(user) || (actsAsStaff(user) && (app.assignee_id === null || app.assignee_id === user?.id));

/** Whether the person may change a case (status, notes, requests): a manager any, an officer their own. */
export const mayWorkCase = (user: SessionUser | undefined | null, app: CaseOwner): boolean =>
  actsAsManager(user) || (actsAsStaff(user) && app.assignee_id === user?.id);

/**
 * Whether the person may change a consultation (cancel it, mark it held or missed, invite its person to an account):
 * a manager any, a staff member their own meeting. Every staff member sees the whole agenda.
 */
export const mayChangeConsultation = (user: SessionUser | undefined | null, booking: { staff_id: string }): boolean =>
  actsAsManager(user) || (actsAsStaff(user) && booking.staff_id === user?.id);

/** The answer to an officer changing an unassigned case they can see but have not taken. */
export const TAKE_CASE_FIRST = "Take this case before working on it.";
