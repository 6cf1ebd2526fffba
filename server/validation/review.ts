// What staff send from the review page: a status move with its optional note, and an internal note.
import { z } from "zod";
import { STATUSES } from "../domain/visa.ts";

export const NOTE_MAX = 2000;

const noteText = z.string({ error: "Note must be text" }).trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`);

export const statusSchema = z.object({
  status: z.enum(STATUSES, { error: `Status must be one of: ${STATUSES.join(", ")}` }),
  // The status the form showed when the choice was made: the action applies a move only from that one.
  shownStatus: z.enum(STATUSES, { error: "This page is out of date. Reload it and choose the status again." }),
  note: noteText.nullish().transform((n) => n || null),
  // Also the family group's other cases that had the same status (actions/family/moveGroup.ts).
  family: z.boolean().optional().default(false),
});

/** Undo: the change as the status change's answer named it. */
export const undoSchema = z.object({
  changeId: z.uuid({ error: "Say which status change to undo" }),
});

export const noteSchema = z.object({
  note: z
    .string({ error: "Note cannot be empty" })
    .trim()
    .min(1, "Note cannot be empty")
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
});
