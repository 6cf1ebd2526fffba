// One-line text: a name, a phone number, a passport number. Every such field refuses control characters.
import { z } from "zod";
import { hasControlChar, ONE_LINE } from "../domain/formats.ts";

/**
 * A trimmed string that must be one line. Such values end up where a line break does harm: an e-mail subject or
 * header naming the person, a CSV cell, a log line. Refused with a field error, never silently stripped: what is saved
 * is what the person typed. Fields that hold lines (an address, a message, a note) use z.string() as before.
 */
export const singleLine = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .refine((v) => !hasControlChar(v), ONE_LINE);
