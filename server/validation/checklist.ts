// What the checklist page saves: an optional title and the answers of its five items.
import { z } from "zod";
import { singleLine } from "./text.ts";

export const itemsSchema = z.object({
  title: singleLine().max(120, "Title must be at most 120 characters").optional(),
  values: z.partialRecord(z.enum(["1", "2", "3", "4", "5"]), z.string().max(2000, "Each answer must be at most 2000 characters")),
});

export type ChecklistInput = z.infer<typeof itemsSchema>;
