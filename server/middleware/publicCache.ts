// Server-side cache of rendered public responses: rendered and compressed once, served with a strong ETag and 304s.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { findLocals } from "../context.ts";
import { wantsJson } from "../render/renderPage.ts";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export const PUBLIC_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=600";

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  type: string;
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
  storedAt: number;
}

/** What a public route's response depends on besides its path: everything else in the URL shares one entry. */
export interface CacheVary {
  /** The query parameters the page reads, each with the value it stands for (undefined: as if absent). */
  query?: Record<string, (value: string) => string | undefined>;
  /**
   * The response names the site's address (sitemap, robots.txt): from PUBLIC_URL, or else from the request's Host
   * header. Without PUBLIC_URL (allowed outside production only) such a response is not cached at all, because a key
   * per Host would let anyone fill the cache with made-up hosts and push the real pages out.
   */
  host?: boolean;
}

export interface PublicCacheOptions {
  maxEntries?: number;
  /** Entries are rendered again after this long (the footer year, at worst, is this late on 1 January). */
  ttlMs?: number;
}

/** Picks br or gzip from Accept-Encoding (q-values honoured, br preferred on a tie); identity otherwise. */
export function chooseEncoding(header: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

function matchesEtag(header: string | undefined, entry: Entry): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const known = new Set(Object.values(entry.etags));
  return header.split(",").some((tag) => known.has(tag.trim().replace(/^W\//, "")));
}

async function buildEntry(type: string, body: Buffer): Promise<Entry> {
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const hash = createHash("sha1").update(body).digest("hex");
  return {
    type,
    bodies: { identity: body, gzip: gz, br },
    // One strong validator per representation: the encodings differ byte for byte.
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    storedAt: Date.now(),
  };
}

function serve(req: Request, res: Response, entry: Entry, status: "HIT" | "MISS"): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.vary("Accept");
  res.vary("Accept-Encoding");
  res.setHeader("ETag", entry.etags[encoding]);
  res.setHeader("X-Cache", status);
  if (matchesEtag(req.headers["if-none-match"], entry)) {
    res.status(304).end();
    return;
  }
  const body = entry.bodies[encoding];
  res.status(200);
  res.setHeader("Content-Type", entry.type);
  // Set before the compression middleware looks: it leaves already-encoded responses alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** A public path answers under one spelling: /Contact and /contact/ redirect to /contact (so they cannot fill the cache). */
function canonicalPath(path: string): string {
  const lower = path.toLowerCase().replace(/^\/+/, "/");
  return lower.length > 1 ? lower.replace(/\/+$/, "") || "/" : lower;
}

/** The cache key: the path, plus the values of the query parameters the page reads (normalised, sorted); never the Host. */
function cacheKey(req: Request, vary: CacheVary): string {
  const kept = Object.entries(vary.query ?? {})
    .map(([name, normalise]) => {
      const raw = req.query[name];
      const value = typeof raw === "string" ? normalise(raw) : undefined;
      return value === undefined ? "" : `${name}=${encodeURIComponent(value)}`;
    })
    .filter(Boolean)
    .sort();
  return `${wantsJson(req) ? "json" : "html"} ${req.path}${kept.length ? `?${kept.join("&")}` : ""}`;
}

/** One cache per app; `cacheFor(vary)` gives a route's middleware, keyed by what that route's response depends on. */
export function createPublicCache({ maxEntries = 200, ttlMs = 60 * 60_000 }: PublicCacheOptions = {}): (vary?: CacheVary) => RequestHandler {
  const entries = new Map<string, Entry>();

  const lookup = (key: string): Entry | undefined => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    entries.delete(key);
    if (Date.now() - hit.storedAt > ttlMs) return undefined;
    entries.set(key, hit);
    return hit;
  };

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return (vary = {}) =>
    (req, res, next) => {
      const canonical = canonicalPath(req.path);
      if (canonical !== req.path) {
        const q = req.originalUrl.indexOf("?");
        res.redirect(301, canonical + (q === -1 ? "" : req.originalUrl.slice(q)));
        return;
      }
      const config = findLocals(req.app)?.ctx.config;
      // Development re-renders every request so edits show at once.
      if (config?.env === "development") return next();
      if (vary.host && !config?.publicUrl) return next();
      const key = cacheKey(req, vary);
      const hit = lookup(key);
      if (hit) {
        serve(req, res, hit, "HIT");
        return;
      }
      const send = res.send.bind(res);
      res.send = ((body?: unknown) => {
        res.send = send;
        const cacheable =
          res.statusCode === 200 &&
          (typeof body === "string" || Buffer.isBuffer(body)) &&
          !res.getHeader("Set-Cookie") &&
          !String(res.getHeader("Cache-Control") ?? "").includes("no-store");
        if (!cacheable) return send(body);
        const type = String(res.getHeader("Content-Type") ?? "text/html; charset=utf-8");
        buildEntry(type, Buffer.isBuffer(body) ? body : Buffer.from(body as string)).then(
          (entry) => {
            store(key, entry);
            serve(req, res, entry, "MISS");
          },
          // Compression failing is no reason to fail the page: answer uncached.
          () => send(body),
        );
        return res;
      }) as Response["send"];
      next();
    };
}
