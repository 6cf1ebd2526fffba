// The signed-in sessions of one account, as its owner sees them on the account page (never their ids).
import { createHash } from "node:crypto";
import type { Knex } from "knex";

export interface AccountSession {
  /** A digest of the session id: a key for the list, useless as a cookie. */
  id: string;
  current: boolean;
  device: string;
  signedInAt: string | null;
  lastSeen: string;
}

/** Live sessions of the user, the newest first; `lastSeen` from the rolling expiry (touched at most once a minute). */
export async function listSessions(db: Knex, userId: string, currentSid: string, idleMs: number): Promise<AccountSession[]> {
  const rows: { sid: string; sess: { startedAt?: number; device?: string }; expire: Date }[] = await db("user_sessions")
    .whereRaw("sess #>> '{passport,user}' = ?", [userId])
    .where("expire", ">", db.fn.now())
    .orderBy("expire", "desc")
    .select("sid", "sess", "expire");
  return rows.map((r) => ({
    id: createHash("sha256").update(r.sid).digest("base64url").slice(0, 16),
    current: r.sid === currentSid,
    device: r.sess.device ?? "Unknown device",
    signedInAt: r.sess.startedAt ? new Date(r.sess.startedAt).toISOString() : null,
    lastSeen: new Date(new Date(r.expire).getTime() - idleMs).toISOString(),
  }));
}
