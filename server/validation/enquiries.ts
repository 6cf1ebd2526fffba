// Staff's work on enquiries: the inbox's filters, a reply, a status.
import { z } from "zod";

export const ENQUIRY_STATUSES = ["new", "replied", "closed"] as const;

export const replySchema = z.object({
  body: z.string({ error: "Write a reply" }).trim().min(1, "Write a reply").max(5000, "Reply must be at most 5,000 characters"),
});

/** `shownStatus`: the status the page showed beside the choice; the change is applied only from it. */
export const enquiryStatusSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: "Status must be new, replied or closed" }),
  shownStatus: z.enum(ENQUIRY_STATUSES, { error: "This page is out of date. Reload it and choose the status again." }),
});

/** The inbox's URL: an unknown status or a missing search means "any", a page out of range the nearest one. */
export const enquiryListQuery = z.object({
  status: z.enum(ENQUIRY_STATUSES).nullable().catch(null),
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .catch(""),
  page: z
    .unknown()
    .optional()
    .transform((v) => Math.max(1, Math.min(10_000, Number.parseInt(String(v ?? "1"), 10) || 1))),
});
