// The S3 driver of Storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces): objects at their keys, temporary files
// under ".tmp/", uploads streamed in 5 MB parts so a 10 MB file is never held whole in memory.
import { randomBytes } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { KEY, TEMP } from "./disk.ts";
import type { Storage } from "./storage.ts";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

const PART_SIZE = 5 * 1024 * 1024;

export function s3Client(s: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    // Checksums only where the API requires them: S3-compatible servers do not all read the newer trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
  return new S3Client(config);
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && (err.name === "NotFound" || err.$metadata.httpStatusCode === 404));

export function createS3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const object = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };
  const temp = (tempId: string) => {
    if (!TEMP.test(tempId)) throw new Error("Invalid temp id");
    return `.tmp/${tempId}`;
  };
  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }));

  /** Streams `source` to `Key` in parts, counting its bytes; a failed stream aborts the upload and leaves no object. */
  async function upload(Key: string, source: Readable): Promise<{ size: number }> {
    let size = 0;
    const body = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A source error (an aborted request) must reach the upload, or it would wait for the rest forever.
    source.once("error", (err) => body.destroy(err));
    source.pipe(body);
    const up = new Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_SIZE, queueSize: 1, leavePartsOnError: false });
    try {
      await up.done();
    } catch (err) {
      await up.abort().catch(() => {});
      await remove(Key).catch(() => {});
      throw err;
    }
    return { size };
  }

  return {
    async writeTemp(source) {
      const tempId = randomBytes(16).toString("hex");
      const { size } = await upload(temp(tempId), source);
      return { tempId, size };
    },
    async readTempHead(tempId, n) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: temp(tempId), Range: `bytes=0-${n - 1}` }));
        return Buffer.from((await res.Body?.transformToByteArray()) ?? []);
      } catch (err) {
        // An empty object has no byte 0: the range is refused (416).
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },
    async commit(tempId, key) {
      await client.send(new CopyObjectCommand({ Bucket, Key: object(key), CopySource: `${Bucket}/${temp(tempId)}` }));
      await remove(temp(tempId));
    },
    async discardTemp(tempId) {
      await remove(temp(tempId));
    },
    put: (key, source) => upload(object(key), source),
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: object(key) }));
        return { stream: res.Body as Readable, size: Number(res.ContentLength) };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async copy(fromKey, toKey) {
      await client.send(new CopyObjectCommand({ Bucket, Key: object(toKey), CopySource: `${Bucket}/${object(fromKey)}` }));
    },
    async remove(key) {
      await remove(object(key));
    },
  };
}
