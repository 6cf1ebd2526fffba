// npm run storage:migrate: copies every document from the upload folder to the S3 bucket, verified and resumable.
import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { loadConfig } from "../config.ts";
import { KEY } from "../storage/disk.ts";
import { s3Client } from "../storage/s3Client.ts";
import { documentKeys, sha256 } from "./archive.ts";

const config = loadConfig(process.env, (m) => console.error(m));
const { s3 } = config.storage;
if (!s3.bucket) {
  console.error("Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket to copy into.");
  process.exit(2);
}
const client = s3Client(s3);

/** The object's size and the SHA-256 this command recorded in its metadata, or undefined when there is none. */
async function head(c: S3Client, Key: string) {
  try {
    const res = await c.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }));
    return { size: Number(res.ContentLength), sha256: res.Metadata?.sha256 };
  } catch {
    return undefined;
  }
}

async function remoteSha256(Key: string): Promise<string> {
  const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
  const hash = createHash("sha256");
  await pipeline(res.Body as Readable, hash);
  return hash.digest("hex");
}

const keys = documentKeys(config.uploadDir);
const counts = { copied: 0, present: 0, skipped: 0, failed: 0 };
let bytes = 0;
console.error(`Copying ${keys.length} file(s) from ${config.uploadDir} to bucket ${s3.bucket}`);
for (const [i, key] of keys.entries()) {
  const objectKey = key.split(path.sep).join("/");
  const progress = `[${i + 1}/${keys.length}] ${objectKey}`;
  if (!KEY.test(objectKey)) {
    counts.skipped++;
    console.error(`${progress}: skipped, not a document key`);
    continue;
  }
  const file = path.join(config.uploadDir, key);
  const size = statSync(file).size;
  const sum = await sha256(file);
  const existing = await head(client, objectKey);
  // Resuming: an object this command already copied and verified is left as it is.
  if (existing?.size === size && existing.sha256 === sum) {
    counts.present++;
    console.error(`${progress}: already in the bucket`);
    continue;
  }
  try {
    const upload = new Upload({
      client,
      params: { Bucket: s3.bucket, Key: objectKey, Body: createReadStream(file), Metadata: { sha256: sum } },
      partSize: 5 * 1024 * 1024,
      queueSize: 1,
    });
    await upload.done();
    const stored = await head(client, objectKey);
    if (stored?.size !== size || (await remoteSha256(objectKey)) !== sum) throw new Error("the stored copy differs in size or checksum");
    counts.copied++;
    bytes += size;
    console.error(`${progress}: copied and verified (${size} bytes)`);
  } catch (err) {
    counts.failed++;
    console.error(`${progress}: FAILED: ${err instanceof Error ? err.message : err}`);
  }
}
console.error(
  `Done: ${counts.copied} copied (${(bytes / 1048576).toFixed(1)} MB), ${counts.present} already there, ${counts.skipped} skipped, ${counts.failed} failed.${counts.failed ? " Run it again to retry." : ""}`,
);
client.destroy();
process.exitCode = counts.failed ? 1 : 0;
