// Static assets with their compression done once, at build time: a request that accepts brotli or gzip gets the
// matching .br or .gz file written by the build (server/cli/build.ts) instead of the raw bytes.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

const ENCODINGS = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

export function precompressedStatic(dir: string, options: { immutable?: boolean; maxAge?: string }): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, {
    ...options,
    index: false,
    setHeaders(res, file) {
      const encoding = ENCODINGS.find((e) => file.endsWith(e.ext));
      if (!encoding) return;
      res.setHeader("Content-Encoding", encoding.name);
      res.type(path.extname(file.slice(0, -encoding.ext.length)));
    },
  });
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method === "GET" || req.method === "HEAD") && files.has(name) && !name.includes("/")) {
      res.vary("Accept-Encoding");
      // Brotli first when both are accepted: it is the smaller file.
      const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name && files.has(name + e.ext));
      if (encoding) req.url = `/${name}${encoding.ext}`;
    }
    serve(req, res, next);
  };
}
