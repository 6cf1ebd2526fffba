// What a person sends to an application's conversation: the words of one message.
import { z } from "zod";

export const MESSAGE_MAX = 4000;
export const WRITE_FIRST = "Write a message first.";

export const messageSchema = z.object({
  body: z.string({ error: WRITE_FIRST }).trim().min(1, WRITE_FIRST).max(MESSAGE_MAX, "A message can be at most 4,000 characters."),
});

export const CHOOSE_REQUEST = "Choose the requested document to file it against.";

/** Staff filing a file sent on WhatsApp: which of the case's open requests it answers. */
export const whatsappFilingSchema = z.object({
  request_id: z.uuid({ error: CHOOSE_REQUEST }),
});
