// What staff send to ask for documents and to review one, and the request an applicant's upload answers.
import { z } from "zod";
import { DOCUMENT_TYPES } from "../domain/visa.ts";
import { NOTE_MAX } from "./review.ts";
import { singleLine } from "./text.ts";

export const LABEL_MAX = 120;
export const REQUESTABLE_TYPES: [string, ...string[]] = ["passport_scan", "photo", ...DOCUMENT_TYPES.map((d) => d.value)];

const item = z.object({
  label: singleLine({ error: "Name the document" })
    .min(1, "Name the document")
    .max(LABEL_MAX, `A document's name is at most ${LABEL_MAX} characters`),
  documentType: z.enum(REQUESTABLE_TYPES, { error: "Choose a valid document type" }),
  requirementKey: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "Choose a document from the list" })
    .nullish()
    .transform((k) => k || null),
});

export const requestDocumentsSchema = z.object({
  items: z
    .array(item, { error: "Choose at least one document" })
    .min(1, "Choose at least one document")
    .max(20, "Ask for at most 20 documents at once"),
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)
    .nullish()
    .transform((n) => n || null),
  dueOn: z.iso.date({ error: "Choose a due date" }),
});
export type RequestDocumentsInput = z.infer<typeof requestDocumentsSchema>;

export const reviewDocumentSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("accepted") }),
    z.object({
      decision: z.literal("sent_back"),
      reason: z
        .string({ error: "Say why the document is sent back" })
        .trim()
        .min(1, "Say why the document is sent back")
        .max(NOTE_MAX, `The reason is at most ${NOTE_MAX} characters`),
    }),
  ],
  { error: "Choose accept or send back" },
);
export type ReviewDocumentInput = z.infer<typeof reviewDocumentSchema>;

/** An upload's fields: the document type (wizard) and, after submission, the request it answers. */
export const uploadTargetSchema = z
  .object({
    document_type: z.enum(DOCUMENT_TYPES.map((d) => d.value) as [string, ...string[]], { error: "Choose a valid document type" }).optional(),
    request_id: z.uuid({ error: "This request does not exist" }).optional(),
  })
  .refine((v) => v.document_type || v.request_id, { error: "Choose a valid document type", path: ["document_type"] });

/** The passport upload's optional field: the request it answers. */
export const passportTargetSchema = z.object({ request_id: z.uuid({ error: "This request does not exist" }).optional() });
