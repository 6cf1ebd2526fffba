// Sign-in and sign-up input rules (SPEC §5): trimmed email, password of 6 to 128 characters, full name required.
import { z } from "zod";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const signInSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password must be at most 128 characters"),
});

export const signUpSchema = z.object({
  fullName: z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(120, "Full name must be at most 120 characters"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ error: "This link is not valid" }).min(1, "This link is not valid").max(100, "This link is not valid"),
  password: signUpSchema.shape.password,
});

export const PASSWORD_MIN = 6;
