// A photo or a document a person sent on WhatsApp, fetched by the job worker (never in the webhook's request, which
// answers Meta at once): GET {api}/{media-id} with the access token answers the file's short-lived URL, its type,
// sha256 and size; GET that URL with the same token answers the bytes. The file is held to the uploads' limit (10 MB),
// its sha256 compared with what the message and Meta said, and its bytes checked exactly as an upload's (PDF, JPEG or
// PNG, the same messages) before it is stored; a refused file is never stored and keeps its reason for staff.
import { createHash, randomUUID } from "node:crypto";
import { Readable, Transform } from "node:stream";
import type { Knex } from "knex";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { checkFile, displayName, HEAD_BYTES } from "../domain/files.ts";
import { MAX_FILE_BYTES, TOO_LARGE } from "../middleware/upload.ts";
import { addJob } from "../models/jobs.ts";
import { findMedia, type MediaRow, settleMedia } from "../models/whatsappFiles.ts";
import type { Storage } from "../storage/storage.ts";
import { isObject, textOf } from "./channel.ts";

export const WHATSAPP_MEDIA_TASK = "whatsapp_media";
/** Tries before a file that cannot be fetched is marked failed (graphile-worker waits longer after each). */
export const MEDIA_ATTEMPTS = 5;
export const SHA_MISMATCH = "The file received is not the one sent (its sha256 differs): ask the client to send it again.";

/** Inside the webhook's transaction: the fetch of a received photo or document, once per message. */
export function queueMediaFetch(trx: Knex.Transaction, inboundId: string): Promise<void> {
  return addJob(trx, WHATSAPP_MEDIA_TASK, { id: inboundId }, { maxAttempts: MEDIA_ATTEMPTS, jobKey: `whatsapp-media:${inboundId}` });
}

const EXT_OF_MIME: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

/**
 * The name the file's bytes are checked against: a document's own file name when it has an extension, else a name
 * with the extension of the type WhatsApp gives (an unaccepted type then refuses it with the upload's message).
 */
export function claimedName(row: Pick<MediaRow, "kind" | "media_filename" | "media_claimed_mime">, metaMime: string | null): string {
  const mime = (metaMime ?? row.media_claimed_mime ?? "").split(";")[0].trim().toLowerCase();
  const ext = EXT_OF_MIME[mime] ?? (mime.split("/")[1]?.replace(/[^a-z0-9]/g, "") || "bin");
  const name = row.media_filename?.trim();
  if (name && /\.[A-Za-z0-9]{1,8}$/.test(name)) return name;
  return `${name || (row.kind === "image" ? "WhatsApp photo" : "WhatsApp document")}.${ext}`;
}

/** Meta gives sha256 as hex (the media's details) or base64 (some webhooks): either matches the digest. */
export function sameSha256(given: string | null, digest: Buffer): boolean {
  if (!given) return true;
  const g = given.trim();
  return g.toLowerCase() === digest.toString("hex") || g === digest.toString("base64") || g === digest.toString("base64url");
}

/** The token goes with the download only over HTTPS (Meta's media host), or to the API's own origin (a local server). */
export function tokenMayGo(url: string, apiUrl: string): boolean {
  try {
    const target = new URL(url);
    return target.protocol === "https:" || target.origin === new URL(apiUrl).origin;
  } catch {
    return false;
  }
}

class TooLarge extends Error {}

/** Counts and hashes the bytes as they pass, and stops past the limit. */
function measured(limit: number) {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) return done(new TooLarge(TOO_LARGE));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest() };
}

type Attempt = { attempts: number; maxAttempts: number };
type Deps = { db: Knex; config: Config; storage: Storage; logger: Logger };
/** A failure worth trying again later (the network, Meta's 5xx, a token being replaced); anything else is for good. */
class Retry extends Error {}

async function graph(url: string, token: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000), redirect: "follow" });
  } catch (err) {
    throw new Retry(`WhatsApp could not be reached: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function failure(res: Response, what: string): Promise<Error> {
  const json = (await res.json().catch(() => ({}))) as unknown;
  const said = isObject(json) && isObject(json.error) ? textOf(json.error.message) : null;
  const code = isObject(json) && isObject(json.error) ? json.error.code : undefined;
  const reason = `${what}: ${res.status} ${said ?? res.statusText}`.slice(0, 300);
  // An unknown or expired media id will not come back (the Graph API answers 400 with code 100 for an object it does
  // not have, a download address 404 or 410); anything else (a token, a rate limit, an outage) may.
  const gone = res.status === 404 || res.status === 410 || (res.status === 400 && code === 100);
  return gone ? new Error(reason) : new Retry(reason);
}

/** The job: fetches, checks and stores the file of one received message (nothing to do once it is settled). */
export async function fetchWhatsappMedia(deps: Deps, inboundId: string, attempt: Attempt): Promise<void> {
  const { db, config, storage, logger } = deps;
  const row = await findMedia(db, inboundId);
  if (row?.media_state !== "waiting" || !row.media_id) return;
  const settings = config.channels.whatsapp;
  try {
    if (!settings) throw new Retry("WhatsApp is not configured: the file cannot be fetched.");
    const info = await graph(`${settings.apiUrl}/${encodeURIComponent(row.media_id)}`, settings.token);
    if (!info.ok) throw await failure(info, "The file's details were refused");
    const details = (await info.json().catch(() => ({}))) as Record<string, unknown>;
    const url = textOf(details.url);
    if (!url || !tokenMayGo(url, settings.apiUrl)) throw new Retry("WhatsApp gave no address for the file.");
    const declared = Number(details.file_size);
    if (Number.isFinite(declared) && declared > MAX_FILE_BYTES) return await settleMedia(db, row.id, { state: "refused", reason: TOO_LARGE });
    const metaSha = textOf(details.sha256);
    const file = await graph(url, settings.token);
    if (!file.ok || !file.body) throw await failure(file, "The file was refused");
    const counted = measured(MAX_FILE_BYTES);
    let temp: { tempId: string; size: number };
    try {
      temp = await storage.writeTemp(Readable.fromWeb(file.body as import("node:stream/web").ReadableStream).pipe(counted.stream));
    } catch (err) {
      if (err instanceof TooLarge) return await settleMedia(db, row.id, { state: "refused", reason: TOO_LARGE });
      throw new Retry(`The file could not be received: ${err instanceof Error ? err.message : String(err)}`);
    }
    await storeChecked(deps, row, temp, counted.digest(), { metaSha, metaMime: textOf(details.mime_type) });
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    const last = !(err instanceof Retry) || attempt.attempts >= attempt.maxAttempts;
    logger.warn({ inboundId, attempts: attempt.attempts, last }, "whatsapp media not fetched");
    await settleMedia(db, row.id, last ? { state: "failed", reason } : { state: "waiting", reason });
    if (!last) throw err;
  }
}

/** The received bytes: compared with both sha256s, checked as an upload's, then stored under their key (or discarded). */
async function storeChecked(
  { db, storage, logger }: Deps,
  row: MediaRow,
  temp: { tempId: string; size: number },
  digest: Buffer,
  meta: { metaSha: string | null; metaMime: string | null },
): Promise<void> {
  if (!sameSha256(row.media_sha256, digest) || !sameSha256(meta.metaSha, digest)) {
    await storage.discardTemp(temp.tempId);
    return settleMedia(db, row.id, { state: "refused", reason: SHA_MISMATCH });
  }
  const name = claimedName(row, meta.metaMime);
  const verdict = await checkFile("document", name, await storage.readTempHead(temp.tempId, HEAD_BYTES));
  if (!verdict.ok) {
    await storage.discardTemp(temp.tempId);
    return settleMedia(db, row.id, { state: "refused", reason: verdict.message });
  }
  // Under the client's folder when the number is theirs (it goes with their account), else under the message's own.
  const key = row.user_id ? `${row.user_id}/documents/whatsapp_${randomUUID()}.${verdict.ext}` : `${row.id}/whatsapp_${randomUUID()}.${verdict.ext}`;
  await storage.commit(temp.tempId, key);
  try {
    await settleMedia(db, row.id, { state: "stored", path: key, mime: verdict.mime, size: temp.size, name: displayName(name) });
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
  logger.info({ inboundId: row.id, size: temp.size }, "whatsapp media stored");
}
