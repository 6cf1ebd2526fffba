// A resumable upload (tus) from a test's client: create one, send part of it, ask where it stands.
import type { Client } from "./app.ts";

export const TUS = { "Tus-Resumable": "1.0.0" };

export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

export const createUpload = (c: Client, size: number, meta: Record<string, string>, csrf = true) => {
  const req = c.agent.post("/api/uploads").set(TUS).set("Upload-Length", String(size)).set("Upload-Metadata", tusMetadata(meta));
  return csrf ? req.set("X-CSRF-Token", c.token) : req;
};

export const patchUpload = (c: Client, location: string, offset: number, bytes: Buffer) =>
  c.agent
    .patch(location)
    .set(TUS)
    .set("X-CSRF-Token", c.token)
    .set("Upload-Offset", String(offset))
    .set("Content-Type", "application/offset+octet-stream")
    .send(bytes);

export const headUpload = (c: Client, location: string) => c.agent.head(location).set(TUS);
