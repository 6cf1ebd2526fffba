// Who acts as staff: the one rule every staff permission (admin pages and APIs, applicants' files) goes through.
import type { SessionUser } from "../../views/types.ts";

/** Staff powers need the role and two-factor sign-in: an admin who has not enrolled yet is treated as an applicant. */
export const actsAsStaff = (user: SessionUser | undefined): boolean => Boolean(user?.isAdmin && user.twoFactor);
