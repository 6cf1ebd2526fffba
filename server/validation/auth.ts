// Sign-in and sign-up input rules (SPEC §5): trimmed email, full name required, a new password of 8 to 128 characters
// that is not easy to guess (server/auth/passwordStrength.ts).
import { z } from "zod";
import type { PasswordRule } from "../../views/components/forms/NewPasswordField.tsx";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, STAFF_PASSWORD_MIN } from "../auth/passwordStrength.ts";
import { NUMBER_INVALID } from "../domain/channels.ts";
import { channelChoice, ticked } from "./channels.ts";
import { singleLine } from "./text.ts";

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const signInSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password must be at most 128 characters"),
});

/** A password being chosen: its own length errors first, then (see `strongPassword`) how easy it is to guess. */
export const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The new password's limits, for the form that asks for one (its length checks and hint). */
export const passwordRule = (who: "applicant" | "staff"): PasswordRule => ({
  min: who === "staff" ? STAFF_PASSWORD_MIN : PASSWORD_MIN,
  max: PASSWORD_MAX,
});

/**
 * Adds the strength check to a schema with a new password at `field`, judged against the person's own details
 * (`details` picks them from the parsed object: name, e-mail).
 */
export function strongPassword<T extends Record<string, unknown>>(field: keyof T & string, details: (value: T) => string[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = passwordProblem(String(value[field]), details(value));
    if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
  };
}

const numberIfChosen = (v: { channelPhone?: string; whatsapp: boolean; sms: boolean }) => (v.whatsapp || v.sms ? v.channelPhone : undefined);

/**
 * Creating an account, with the optional choice of updates on WhatsApp and SMS (the My account rule: a number as soon
 * as a channel is ticked; an untouched choice sends no number or an empty one).
 */
export const signUpSchema = z
  .object({
    fullName: singleLine({ error: "Full name is required" }).min(1, "Full name is required").max(120, "Full name must be at most 120 characters"),
    email,
    password: newPassword,
    channelPhone: singleLine({ error: NUMBER_INVALID }).max(32, NUMBER_INVALID).optional(),
    whatsapp: ticked,
    sms: ticked,
  })
  .superRefine(strongPassword("password", (v) => [v.email, v.fullName]))
  // Checked beside the password (every field's error at once), then read again into the choice. The number is read
  // only for a ticked channel: one typed and then left with no box ticked is hidden on the form and not kept.
  .superRefine((v, c) => void channelChoice(numberIfChosen(v), v, c, "channelPhone"))
  .transform(({ channelPhone, whatsapp, sms, ...account }, c) => ({
    ...account,
    channels: channelChoice(numberIfChosen({ channelPhone, whatsapp, sms }), { whatsapp, sms }, c, "channelPhone"),
  }));

export const forgotPasswordSchema = z.object({ email });

/** The new password of a reset; the link's token is in the session (controllers/passwordReset.ts), never in the form. */
export const resetPasswordSchema = z.object({ password: newPassword });

/** Changing the account's e-mail: the new address, and the current password (a session alone is not enough). */
export const changeEmailSchema = z.object({
  email,
  password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(PASSWORD_MAX, "Password is incorrect"),
});

export const WRONG_CODE = "That code is not right. Check the app (or the recovery code) and try again.";

/** A code of the authenticator app, or a recovery code. */
const code = z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(20, WRONG_CODE);

/** The second step of signing in. */
export const signInCodeSchema = z.object({ code });

/** The current password where a sign-in within the last minutes may stand in for it (two-factor changes). */
const currentPasswordUnlessRecent = z
  .string({ error: "Enter your current password" })
  .max(PASSWORD_MAX, "Password is incorrect")
  .optional()
  .transform((v) => v || undefined);

/** Turning two-factor on, and making new recovery codes. */
export const enableTwoFactorSchema = z.object({ code, password: currentPasswordUnlessRecent });
export const renewRecoveryCodesSchema = enableTwoFactorSchema;

/** Turning two-factor off: the password always. */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(PASSWORD_MAX, "Password is incorrect"),
  code,
});
