// Automatic e-mails to an address a visitor typed (the contact form's acknowledgement, /book's confirmation): at most
// 3 a day to one address from each form. Anyone can type any address, so past this the form still does its work and
// the office is still told, but that address gets nothing more from us.
import type { Knex } from "knex";
import { hit } from "../models/rateLimits.ts";

const PER_ADDRESS = { max: 3, windowMs: 24 * 60 * 60_000 };

/** Which form writes: each has its own count per address (the contact form's key predates this module). */
const KEYS = { contact: "contact-ack", booking: "booking-ack" } as const;

/**
 * Counts one automatic e-mail from `form` to the address and says whether it may go. Counted in the caller's
 * transaction: a change that rolls back uses none of the address's e-mails.
 */
export async function mayAutoReply(trx: Knex.Transaction, form: keyof typeof KEYS, email: string): Promise<boolean> {
  const { hits } = await hit(trx, `${KEYS[form]}:${email.toLowerCase()}`, PER_ADDRESS.windowMs);
  return hits <= PER_ADDRESS.max;
}
