// A checklist form's answers ("1".."5" → text) as the item values the model writes, by step number.
import type { ChecklistInput } from "../../validation/checklist.ts";

export const itemValues = (values: ChecklistInput["values"]): Record<number, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [Number(k), v ?? ""]));
