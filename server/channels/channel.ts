// A phone channel (WhatsApp, SMS) is one module behind one interface: send a text to a number, check that a webhook
// came from the provider, and read the provider's reports (delivery states, messages people sent). A further provider
// (another SMS gateway) is one more module of this shape; the queue, the consent checks, quiet hours and the fallback
// from WhatsApp to SMS (server/channels/phoneMessages.ts) do not change.
import type { Channel } from "../domain/channels.ts";

/** `permanent`: the provider refused this message for good (a 4xx other than 408/429): trying again cannot help. */
export type SendOutcome = { ok: true; providerId: string; cost: number | null } | { ok: false; error: string; permanent: boolean };

export const refusedForGood = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** What the provider says became of a message the site sent. */
export interface StatusReport {
  providerId: string;
  state: "sent" | "delivered" | "read" | "failed";
  /** The provider's words for a failure (e.g. "DND Active on Phone Number"). */
  reason: string | null;
  /** What the provider charged, in its account's currency, where it says. */
  cost: number | null;
}

/** One message a person sent to the consultancy's number. */
export interface InboundMessage {
  /** The provider's id of the message: each is received once. */
  id: string;
  /** The sender's number: digits, country code first, no "+". */
  from: string;
  profileName: string | null;
  /** text, image, document, audio, … */
  kind: string;
  /** A text message's words; null for the other kinds (a caption, when there is one). */
  body: string | null;
  sentAt: Date | null;
  /** A photo or a document (WhatsApp's image and document kinds): the provider's media id and what the message claims of it. */
  media?: InboundMedia | null;
}

export interface InboundMedia {
  id: string;
  mimeType: string | null;
  sha256: string | null;
  filename: string | null;
}

export interface WebhookDelivery {
  messages: InboundMessage[];
  statuses: StatusReport[];
}

/** What is sent: its text, and for WhatsApp outside the 24-hour window an approved template with its parameters. */
export interface PhoneMessage {
  text: string;
  template?: { name: string; language: string; parameters: string[] };
}

export interface PhoneChannel<Settings> {
  readonly name: Channel;
  /** Sends to `to` (E.164). Never throws: a refusal or a network failure is `{ ok: false, error }`. */
  send(settings: Settings, to: string, message: PhoneMessage): Promise<SendOutcome>;
  /** Whether the request's signature header proves these exact bytes came from the provider. */
  verifySignature(rawBody: Buffer, header: string | undefined, settings: Settings | undefined): boolean;
  /** The reports in a webhook's body; undefined when it is not one of the provider's. */
  parseWebhook(rawBody: Buffer): WebhookDelivery | undefined;
}

/** POSTs JSON and reads JSON back: the providers' APIs all answer this way. A network failure is status 0. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as unknown;
    return { status: res.status, json: typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {} };
  } catch (err) {
    return { status: 0, json: { message: err instanceof Error ? err.message : String(err) } };
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const textOf = (v: unknown): string | null => (typeof v === "string" ? v : null);
