// What a phone message says: each kind's text (a link and a reference, never the words of a case) and, outside
// WhatsApp's 24-hour window, the kind's template approved by Meta with its parameters.
import type { Config } from "../config.ts";

export type PhoneKind =
  | "staff_message"
  | "request_due"
  | "documents_requested"
  | "document_returned"
  | "case_update"
  | "payment_received"
  | "appointment"
  | "consultation_reminder"
  | "payment_due";

/** The values a text is written from: a case's reference and link, or a consultation's time and way in. */
export interface TextValues {
  reference: string;
  link: string;
  dueOn?: string;
  when?: string;
  centre?: string;
  place?: string;
}

/**
 * The text of each kind: short enough for one SMS segment (160 characters) with a link to the portal (a consultation's
 * reminder carries its way in instead: a meeting link can make it two). The business is named by the sender (the SMS
 * sender ID, the WhatsApp business profile).
 */
export function phoneText(kind: string, v: TextValues): string {
  switch (kind) {
    case "consultation_reminder":
      return `Reminder: your consultation is ${v.when ?? "soon"}.${v.place ? ` ${v.place}` : ""}`;
    case "payment_due":
      return `Payment due ${v.dueOn ?? "soon"} for your application ${v.reference}. Pay here: ${v.link}`;
    case "appointment":
      return `Reminder: visa appointment ${v.when ?? "soon"}${v.centre ? ` at ${v.centre}` : ""}. What to bring: ${v.link}`;
    case "request_due":
      return `Document due${v.dueOn ? ` ${v.dueOn}` : ""} for application ${v.reference}. Send it here: ${v.link}`;
    case "documents_requested":
      return `Documents requested for your application ${v.reference}. See what is needed: ${v.link}`;
    case "document_returned":
      return `A document for your application ${v.reference} needs to be sent again. See why: ${v.link}`;
    case "case_update":
      return `There is an update on your application ${v.reference}. See it here: ${v.link}`;
    case "payment_received":
      return `Payment received for your application ${v.reference}. Your receipt: ${v.link}`;
    default:
      return `New message about your application ${v.reference}. Read it here: ${v.link}`;
  }
}

/**
 * The template of a kind, by the settings' names (docs/operating/whatsapp.md): new message, document due and the
 * consultation reminder have their own; every other kind of a case goes as the case update.
 */
export const templateKind = (kind: string) =>
  kind === "staff_message" || kind === "request_due" || kind === "consultation_reminder" ? kind : "case_update";

/**
 * The WhatsApp template of a kind, with its body parameters in the order of the words submitted to Meta: new message
 * {{1}} reference, {{2}} link; document due {{1}} date, {{2}} reference, {{3}} link; consultation reminder {{1}} when,
 * {{2}} the way in; every other kind the case update's {{1}} reference, {{2}} link.
 */
export function templateOf(config: Config, kind: string, v: TextValues) {
  const whatsapp = config.channels.whatsapp;
  const name = whatsapp?.templates[templateKind(kind)];
  if (!whatsapp || !name) return undefined;
  const parameters =
    kind === "request_due"
      ? [v.dueOn ?? "soon", v.reference, v.link]
      : kind === "consultation_reminder"
        ? [v.when ?? "soon", v.place ?? "-"]
        : [v.reference, v.link];
  return { name, language: whatsapp.templateLanguage, parameters };
}

const ANCHORS: Record<string, string> = { staff_message: "#messages", appointment: "#after-approval" };
export const linkOf = (kind: string, baseUrl: string, applicationId: string) =>
  kind === "payment_due" ? `${baseUrl}/payment/${applicationId}` : `${baseUrl}/application/${applicationId}${ANCHORS[kind] ?? ""}`;
