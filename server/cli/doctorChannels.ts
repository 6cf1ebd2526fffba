// The doctor's checks of the phone channels: which settings are given, and, for a channel that is on, whether its
// provider's API answers with these credentials. WhatsApp: Meta's Graph API reads the phone number the site sends
// from (GET {WHATSAPP_API_URL}/{phone number ID} with the access token answers its display_phone_number and
// verified_name; 401 and code 190 for a token it refuses; 400 and code 100 for an ID that is not one of the token's
// numbers). SMS: Termii's balance (GET {TERMII_API_URL}/api/get-balance?api_key=… answers {user, balance, currency})
// and the sender ID's approval (GET {TERMII_API_URL}/api/sender-id?api_key=…&page=N answers {data: [{sender_id,
// status}], last_page}: "unblock" once approved, "pending" under review, "block" refused).
// Nothing is sent, and neither the token nor the key is ever printed.
import { type Config, TERMII_SETTINGS, WHATSAPP_SETTINGS } from "../config.ts";
import { type Finding, fail, ok, reason, warn } from "./doctorFindings.ts";

/** How long a provider has to answer: an API that is unreachable costs the doctor this much, both at once. */
export const PROBE_TIMEOUT_MS = 4000;

type Answer = { reached: true; status: number; json: Record<string, unknown> } | { reached: false; failure: string };

/** A GET that never throws: the answer's status and JSON, or why there was none (timed out, refused, DNS). */
async function getJson(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    // No redirect is followed: the key (in Termii's query) and the token go only to the URL the settings name.
    const res = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as unknown;
    return {
      reached: true,
      status: res.status,
      json: typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
    };
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string; message?: string } };
    if (e.name === "TimeoutError") return { reached: false, failure: `no answer within ${PROBE_TIMEOUT_MS / 1000} s` };
    // fetch's own message is "fetch failed": the socket's error (ECONNREFUSED, ENOTFOUND…) is its cause.
    return { reached: false, failure: e.cause?.message || e.cause?.code || reason(err) };
  }
}

/** A provider's words, on one line, short, and without the secret should it echo it. */
function words(text: unknown, secret: string): string {
  const s = typeof text === "string" ? text : "";
  return s.split(secret).join("…").replace(/\s+/g, " ").trim().slice(0, 200);
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

type WhatsappSettings = NonNullable<Config["channels"]["whatsapp"]>;

export async function probeWhatsapp(settings: WhatsappSettings, site: string): Promise<Finding> {
  const id = settings.phoneNumberId;
  const host = hostOf(settings.apiUrl);
  const answer = await getJson(`${settings.apiUrl}/${encodeURIComponent(id)}?fields=display_phone_number,verified_name`, {
    authorization: `Bearer ${settings.token}`,
  });
  if (!answer.reached) {
    return fail(
      `WhatsApp is configured but Meta's API at ${host} cannot be reached (${words(answer.failure, settings.token)}): check that this machine can make outgoing HTTPS connections to ${host} (DNS, firewall) and that WHATSAPP_API_URL is right; until then nothing goes by WhatsApp.`,
    );
  }
  const error = typeof answer.json.error === "object" && answer.json.error ? (answer.json.error as Record<string, unknown>) : undefined;
  const said = words(error?.message ?? answer.json.message, settings.token);
  const code = typeof error?.code === "number" ? error.code : undefined;
  const found = `${answer.status}${code !== undefined ? `, code ${code}` : ""}${said ? ` ${said}` : ""}`;
  if (answer.status === 401 || code === 190) {
    return fail(
      `Meta refuses WHATSAPP_TOKEN (${found}): the token is wrong or has expired; make a permanent token for a system user in Meta Business Settings (docs/operating/whatsapp.md) and set WHATSAPP_TOKEN.`,
    );
  }
  if (code === 100 || answer.status === 400 || answer.status === 404) {
    return fail(
      `Meta knows no phone number with ID ${id} that this token may use (${found}): copy the phone number ID (not the number itself) from WhatsApp › API Setup in the Meta app into WHATSAPP_PHONE_NUMBER_ID, and check that the token's system user has the WhatsApp account assigned.`,
    );
  }
  if (answer.status < 200 || answer.status >= 300) {
    return fail(
      `Meta's API at ${host} answered ${found} for phone number ID ${id}: check WHATSAPP_API_URL, and try again later if Meta reports an outage (metastatus.com).`,
    );
  }
  const number = typeof answer.json.display_phone_number === "string" ? answer.json.display_phone_number : undefined;
  const name = typeof answer.json.verified_name === "string" ? answer.json.verified_name : undefined;
  if (!number) {
    return fail(
      `Meta answers for ID ${id} but not as a phone number (no display_phone_number): WHATSAPP_PHONE_NUMBER_ID may hold the WhatsApp Business Account ID; copy the phone number ID from WhatsApp › API Setup in the Meta app.`,
    );
  }
  return ok(
    `WhatsApp is configured and Meta answers: messages go from ${number}${name ? ` (${name})` : ""}, phone number ID ${id}, and Meta delivers to ${site}/webhooks/whatsapp`,
  );
}

type SmsSettings = NonNullable<Config["channels"]["sms"]>;

export async function probeTermii(settings: SmsSettings, site: string): Promise<Finding> {
  const host = hostOf(settings.apiUrl);
  const answer = await getJson(`${settings.apiUrl}/api/get-balance?api_key=${encodeURIComponent(settings.apiKey)}`);
  if (!answer.reached) {
    return fail(
      `SMS is configured but Termii's API at ${host} cannot be reached (${words(answer.failure, settings.apiKey)}): check that this machine can make outgoing HTTPS connections to ${host} (DNS, firewall) and that TERMII_API_URL is your account's base URL; until then nothing goes by SMS.`,
    );
  }
  const said = words(answer.json.message ?? answer.json.error, settings.apiKey);
  const found = `${answer.status}${said ? ` ${said}` : ""}`;
  if (answer.status === 401 || answer.status === 403) {
    return fail(`Termii refuses TERMII_API_KEY (${found}): copy the API key from the Termii dashboard (API settings) into TERMII_API_KEY.`);
  }
  const balance = Number(answer.json.balance);
  if (answer.status < 200 || answer.status >= 300 || answer.json.balance === undefined || !Number.isFinite(balance)) {
    return fail(
      `Termii's API at ${host} answered ${found} instead of the account's balance: check TERMII_API_URL (your account's base URL, shown on the Termii dashboard).`,
    );
  }
  const currency = typeof answer.json.currency === "string" ? ` ${answer.json.currency}` : "";
  const account = typeof answer.json.user === "string" ? `account ${answer.json.user}, ` : "";
  const where = `messages go from sender ID ${settings.senderId}, and Termii reports to ${site}/webhooks/termii`;
  const sender = await senderIdStatus(settings);
  if (sender.status === "missing") {
    return fail(
      `Termii's account has no sender ID ${settings.senderId}${sender.found.length ? ` (it has ${sender.found.slice(0, 5).join(", ")}${sender.found.length > 5 ? ", …" : ""})` : ""}: Termii refuses every message from an unknown sender ID; set TERMII_SENDER_ID to one the dashboard lists under Sender ID, or request it there.`,
    );
  }
  if (sender.status === "block") {
    return fail(
      `Termii lists sender ID ${settings.senderId} as refused ("block"): nothing goes by SMS from it; request another on the Termii dashboard and set TERMII_SENDER_ID.`,
    );
  }
  if (sender.status === "pending") {
    return warn(
      `SMS is configured and Termii answers, but sender ID ${settings.senderId} is still under review ("pending"): messages are refused until Termii and the networks approve it (usually a few working days); ${account}balance ${balance}${currency}.`,
    );
  }
  if (sender.status === "unknown") {
    return warn(
      `SMS is configured and Termii answers (${account}balance ${balance}${currency}), but its list of sender IDs could not be read (${sender.why}): check on the Termii dashboard that ${settings.senderId} is approved.`,
    );
  }
  if (balance <= 0) {
    return warn(
      `SMS is configured and Termii answers, but the balance is ${balance}${currency} (${account.replace(/, $/, "") || "this key's account"}): Termii refuses every message until the account is topped up on its dashboard; ${where}.`,
    );
  }
  return ok(`SMS is configured and Termii answers: ${account}balance ${balance}${currency}; ${where}`);
}

type SenderStatus = { status: "unblock" | "pending" | "block" } | { status: "missing"; found: string[] } | { status: "unknown"; why: string };

/** The sender ID's status in the account's list, read page by page (at most 20 pages). */
async function senderIdStatus(settings: SmsSettings): Promise<SenderStatus> {
  const found: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = await getJson(`${settings.apiUrl}/api/sender-id?api_key=${encodeURIComponent(settings.apiKey)}&page=${page}`);
    if (!answer.reached) return { status: "unknown", why: words(answer.failure, settings.apiKey) };
    if (answer.status < 200 || answer.status >= 300 || !Array.isArray(answer.json.data)) {
      return { status: "unknown", why: `${answer.status}${answer.json.message ? ` ${words(answer.json.message, settings.apiKey)}` : ""}` };
    }
    for (const item of answer.json.data as { sender_id?: unknown; status?: unknown }[]) {
      if (typeof item?.sender_id !== "string") continue;
      if (item.sender_id === settings.senderId) {
        const status = String(item.status).toLowerCase();
        return { status: status === "unblock" || status === "active" ? "unblock" : status === "pending" ? "pending" : "block" };
      }
      found.push(item.sender_id);
    }
    const last = Number(answer.json.last_page);
    if (!Number.isFinite(last) || page >= last) break;
  }
  return { status: "missing", found };
}

/**
 * WhatsApp and SMS. WhatsApp is on only with all four of its settings (the webhook needs the app secret and the verify
 * token, sending the access token and the phone number ID); SMS (Termii) only with its three. A part of a channel's
 * settings is a channel meant to be on and left off. A channel that is on is asked for its account (both at once).
 */
export async function checkChannels(config: Config, env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const site = config.publicUrl ?? "https://<your site>";
  const given = WHATSAPP_SETTINGS.filter((n) => env[n]);
  const whatsapp = config.channels.whatsapp
    ? probeWhatsapp(config.channels.whatsapp, site)
    : given.length === 0
      ? ok("WhatsApp is off (no WHATSAPP_ settings): clients' replies by WhatsApp do not reach the site")
      : warn(
          `WhatsApp is off: ${WHATSAPP_SETTINGS.filter((n) => !env[n]).join(", ")} not set while ${given.join(", ")} ${given.length === 1 ? "is" : "are"}; set all four (docs/operating/whatsapp.md).`,
        );
  const smsGiven = TERMII_SETTINGS.filter((n) => env[n]);
  const sms = config.channels.sms
    ? probeTermii(config.channels.sms, site)
    : smsGiven.length === 0
      ? ok("SMS is off (no TERMII_ settings): people's SMS choices are kept and nothing is sent by SMS")
      : warn(
          `SMS is off: ${TERMII_SETTINGS.filter((n) => !env[n]).join(", ")} not set while ${smsGiven.join(", ")} ${smsGiven.length === 1 ? "is" : "are"}; set all three (docs/operating/sms.md).`,
        );
  return Promise.all([whatsapp, sms]);
}
