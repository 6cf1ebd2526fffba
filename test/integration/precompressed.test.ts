// Static assets compressed once at build time: the encoding follows Accept-Encoding, the type follows the original file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { precompressedStatic } from "../../server/middleware/precompressed.ts";

const dir = mkdtempSync(path.join(tmpdir(), "vs-assets-"));
const script = Buffer.from(`console.log(${JSON.stringify("x".repeat(2000))});`);
writeFileSync(path.join(dir, "app-1.js"), script);
writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(script));
writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(script));
writeFileSync(path.join(dir, "plain-1.css"), "body{color:red}");

const app = express();
app.use("/assets", precompressedStatic(dir, { immutable: true, maxAge: "1y" }));
const server = app.listen(0, "127.0.0.1");
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with the bytes as sent (no client-side decompression). */
function get(file: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: `/assets/${file}`, headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressed assets", () => {
  it("sends the brotli file to a client that accepts br, typed as the original", async () => {
    const res = await get("app-1.js", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it("sends gzip when brotli is not accepted, and the raw file when nothing is", async () => {
    const gz = await get("app-1.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(script)).toBe(true);
    const plain = await get("app-1.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it("serves a file without compressed copies as it is, and 404 for an unknown one", async () => {
    const css = await get("plain-1.css", "br");
    expect(css.status).toBe(200);
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe("body{color:red}");
    expect((await get("missing-1.js", "br")).status).toBe(404);
  });
});
