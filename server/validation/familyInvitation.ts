// The lead applicant's invitation of an adult family member to their own sign-in: the address it goes to.
import { z } from "zod";

export const INVITE_EMAIL_INVALID = "Enter their e-mail address, like name@example.com.";

export const invitationSchema = z.object({
  email: z
    .string({ error: INVITE_EMAIL_INVALID })
    .trim()
    .min(1, INVITE_EMAIL_INVALID)
    .max(254, INVITE_EMAIL_INVALID)
    .pipe(z.email(INVITE_EMAIL_INVALID))
    .transform((v) => v.toLowerCase()),
});
