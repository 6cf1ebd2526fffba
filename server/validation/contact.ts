// The contact form's rules: the four fields of SPEC §2.4, a package name from "Book Now", and a honeypot.
import { z } from "zod";
import { travelPackages } from "../../views/content/travelPackages.ts";
import { toE164 } from "../domain/phone.ts";
import { singleLine } from "./text.ts";

export const contactSchema = z.object({
  name: singleLine({ error: "Please enter your name" }).min(1, "Please enter your name").max(120, "Name must be at most 120 characters"),
  email: z
    .string({ error: "Please enter your email" })
    .trim()
    .min(1, "Please enter your email")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address")),
  phone: singleLine({ error: "Please enter your phone number" })
    .min(1, "Please enter your phone number")
    .max(32, "Phone number is too long")
    .transform((v, c) => {
      const e164 = toE164(v);
      if (!e164) c.addIssue({ code: "custom", message: "Enter a phone number we can call, e.g. 0803 000 0000 or +44 20 7946 0000" });
      return e164 ?? v;
    }),
  message: z
    .string({ error: "Please enter a message" })
    .trim()
    .min(1, "Please enter a message")
    .max(5000, "Message must be at most 5,000 characters"),
  package: singleLine()
    .max(120)
    .optional()
    .transform((v) => v || null),
});

/** The contact page's ?package=<title>: only a known package's title counts (the public cache keys on it). */
export const contactQuery = { package: (asked: string) => travelPackages.find((p) => p.title === asked)?.title };
