// What every message definition is made of: the recorded data, the links made at send time, and small helpers.
import type { MailContent } from "./content.ts";

/** What a message is written from: recorded with it, so it can be rendered again. Never a secret. */
export type MailData = Record<string, string | number | null>;

export interface Links {
  /** Absolute URL of a path on the site. */
  url: (path: string) => string;
  /** The one-time link of a reset or confirmation message, made at send time (never recorded). */
  secretUrl?: string;
  /** A booking's reschedule and cancel links, made at send time (never recorded). */
  bookingLinks?: { reschedule: string; cancel: string };
}

export const s = (v: MailData[string] | undefined) => (v === null || v === undefined ? "" : String(v));
export const money = (v: MailData[string] | undefined) => `$${Number(v ?? 0).toFixed(2)}`;
export const dear = (d: MailData) => `Dear ${s(d.name) || "applicant"},`;

export interface Definition {
  subject: (d: MailData) => string;
  content: (d: MailData, links: Links) => Omit<MailContent, "subject">;
}
