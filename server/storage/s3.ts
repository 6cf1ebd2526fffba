// The S3 driver of Storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces): objects at their keys. Received files
// are spooled to local disk first and sent two at a time, each as one PutObject streamed from its file (its length is
// known, so no byte is buffered); a stream of unknown length (`put`) goes in 5 MB parts, each part a buffer in flight.
import { type Readable, Transform } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { createDiskStorage, KEY } from "./disk.ts";
import type { Storage } from "./storage.ts";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

const PART_SIZE = 5 * 1024 * 1024;
/** Uploads sent to the bucket at once by this process; the others wait their turn, spooled on disk. */
const SENDING = 2;

/** Runs `fn` when fewer than `limit` others run: a queue in front of the bucket. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

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

/** `spoolDir`: a private local folder for files received and not yet sent (the upload folder). */
export function createS3Storage(settings: S3Settings, spoolDir: string, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const spool = createDiskStorage(spoolDir);
  const sending = limiter(SENDING);
  const object = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
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

  /** Sends a spooled file as one streamed PutObject; a failed attempt is sent again from the file, twice at most. */
  async function send(key: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const file = await spool.get(key);
      if (!file) throw new Error(`Spooled file missing: ${key}`);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: file.stream, ContentLength: file.size }));
        return;
      } catch (err) {
        file.stream.destroy();
        if (attempt >= 3) throw err;
      }
    }
  }

  return {
    // Temporary files are spooled on disk: checked by their first bytes there, sent only when accepted.
    writeTemp: (source) => spool.writeTemp(source),
    readTempHead: (tempId, n) => spool.readTempHead(tempId, n),
    async commit(tempId, key) {
      // Through the spool's own key, so the file is read back by the disk driver's public operations.
      await spool.commit(tempId, object(key));
      try {
        await sending(() => send(key));
      } finally {
        await spool.remove(key);
      }
    },
    discardTemp: (tempId) => spool.discardTemp(tempId),
    put: (key, source) => sending(() => upload(object(key), source)),
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
