// What a phone message says: each kind's text (a link and a reference, never the words of a case) and, outside
// WhatsApp's 24-hour window, the kind's template approved by Meta with its parameters.
import type { Config } from "../config.ts";

export type PhoneKind =
  | "staff_message"
  | "request_due"
  | "documents_requested"
  | "document_returned"
  | "case_update"
  | "decision"
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
    case "decision":
      return `The embassy has decided on your application ${v.reference}. See the decision and what comes next: ${v.link}`;
    case "payment_received":
      return `Payment received for your application ${v.reference}. Your receipt: ${v.link}`;
    default:
      return `New message about your application ${v.reference}. Read it here: ${v.link}`;
  }
}

/**
 * Each kind's template body parameters, in the order of the words submitted to Meta (docs/operating/whatsapp.md): a
 * document or a payment due {{1}} date, {{2}} reference, {{3}} link; a visa-centre appointment {{1}} when, {{2}} the
 * centre, {{3}} link; a consultation's reminder {{1}} when, {{2}} the way in; every other kind {{1}} reference, {{2}} link.
 */
const TEMPLATE_PARAMETERS: Record<PhoneKind, (v: TextValues) => string[]> = {
  staff_message: (v) => [v.reference, v.link],
  request_due: (v) => [v.dueOn ?? "soon", v.reference, v.link],
  documents_requested: (v) => [v.reference, v.link],
  document_returned: (v) => [v.reference, v.link],
  case_update: (v) => [v.reference, v.link],
  decision: (v) => [v.reference, v.link],
  payment_received: (v) => [v.reference, v.link],
  appointment: (v) => [v.when ?? "soon", v.centre ?? "the visa centre", v.link],
  consultation_reminder: (v) => [v.when ?? "soon", v.place ?? "-"],
  payment_due: (v) => [v.dueOn ?? "soon", v.reference, v.link],
};

/**
 * The template a kind goes as outside the window: its own when the settings name one; else, for a message about an
 * application, the case update's ("There is an update on your application {{1}}…"), so a business that has one
 * template approved still reaches its clients; else none (a consultation's reminder has no application to point at).
 */
export function templateKind(templates: Record<string, string | undefined>, kind: PhoneKind): PhoneKind | undefined {
  if (templates[kind]) return kind;
  if (kind === "consultation_reminder") return undefined;
  return templates.case_update ? "case_update" : undefined;
}

/** The WhatsApp template a message goes as, with its name, language and body parameters; undefined when none is named. */
export function templateOf(config: Config, kind: PhoneKind, v: TextValues) {
  const whatsapp = config.channels.whatsapp;
  const as = whatsapp && templateKind(whatsapp.templates, kind);
  if (!whatsapp || !as) return undefined;
  return { name: whatsapp.templates[as] as string, language: whatsapp.templateLanguage, parameters: TEMPLATE_PARAMETERS[as](v) };
}

const ANCHORS: Record<string, string> = { staff_message: "#messages", appointment: "#after-approval", decision: "#after-approval" };
export const linkOf = (kind: string, baseUrl: string, applicationId: string) =>
  kind === "payment_due" ? `${baseUrl}/payment/${applicationId}` : `${baseUrl}/application/${applicationId}${ANCHORS[kind] ?? ""}`;
