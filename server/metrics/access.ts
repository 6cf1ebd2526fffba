// GET /metrics: who may read it (a bearer token, or this machine's own direct requests when none is set) and the answer.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Knex } from "knex";
import { Registry } from "prom-client";
import { appRegistry } from "./collectors.ts";
import { processRegistry, startDefaultMetrics } from "./index.ts";

export type MetricsAccess = "allow" | "wrong-token" | "hidden";

export interface MetricsRequest {
  /** METRICS_TOKEN, if set. */
  token: string | undefined;
  authorization: string | undefined;
  /** The address of the TCP peer (req.socket.remoteAddress). */
  peer: string | undefined;
  /** Whether the request carries a header a proxy adds to what it relays (X-Forwarded-For, Forwarded, X-Real-IP). */
  forwarded: boolean;
}

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

/** Both sides hashed first: timingSafeEqual needs equal lengths, and the hash hides the token's length too. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());

/**
 * With a token: only `Authorization: Bearer <token>` (a wrong one is told so, 401, so a scraper's operator sees why).
 * Without: only a direct connection from this machine; anything else is not told that the page exists (404).
 *
 * The peer is the socket's address, never req.ip: req.ip comes from X-Forwarded-For whenever TRUST_PROXY trusts the
 * sender, and with a hop count (TRUST_PROXY=1) that is any sender, so anyone reaching the port directly could write
 * "X-Forwarded-For: 127.0.0.1". And a proxy on this machine (Caddy in front) connects from loopback too: what it relays
 * carries the forwarding header it adds, so a request with one is a visitor's, not this machine's, and is refused.
 */
export function metricsAccess(r: MetricsRequest): MetricsAccess {
  if (r.token) {
    const bearer = r.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (bearer === undefined) return "hidden";
    return sameToken(bearer, r.token) ? "allow" : "wrong-token";
  }
  return isLoopback(r.peer) && !r.forwarded ? "allow" : "hidden";
}

const forwarded = (req: Request) => Boolean(req.headers["x-forwarded-for"] ?? req.headers.forwarded ?? req.headers["x-real-ip"]);

/** The /metrics handler of one app: the process's counters and this app's gauges, in Prometheus' text format. */
export function metricsEndpoint(
  db: Knex,
  options: { token: string | undefined; backupDir: string; uploadDir: string; prices?: Record<string, number> },
): RequestHandler {
  startDefaultMetrics();
  const own = appRegistry(db, options);
  return async (req, res, next) => {
    const access = metricsAccess({
      token: options.token,
      authorization: req.get("authorization"),
      peer: req.socket.remoteAddress,
      forwarded: forwarded(req),
    });
    // The site's own 404, as for any path it does not have.
    if (access === "hidden") return next();
    res.set("Cache-Control", "no-store");
    if (access === "wrong-token") {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Wrong metrics token.");
      return;
    }
    const registry = Registry.merge([processRegistry, own]);
    let text: string;
    try {
      text = await registry.metrics();
    } catch {
      // The outbox gauges read the database: without it the scrape fails, as /readyz does.
      res.status(503).type("text/plain").send("The database is not reachable.");
      return;
    }
    res.type(registry.contentType).send(text);
  };
}
