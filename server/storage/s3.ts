// The S3 driver of Storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces): objects at their keys. Received files
// are spooled to local disk first and sent two at a time, each as one PutObject streamed from its file (its length is
// known, so no byte is buffered); a stream of unknown length (`put`) goes in 5 MB parts, each part a buffer in flight.
// The AWS SDK (4 MB of heap and its native buffers) is imported on the driver's first use, never at start: a server on
// the disk driver does not load it. Only as import(): the server's build keeps a static import of a package, even in a
// module loaded later, at the top of its file. Its classes come from that one import (instanceof holds).
import { type Readable, Transform } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { turns } from "../turns.ts";
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

/** The client's settings (its class is the SDK's: `s3Client` in s3Client.ts, or the driver's own import). */
export function clientConfig(s: S3Settings): S3ClientConfig {
  return {
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    // Checksums only where the API requires them: S3-compatible servers do not all read the newer trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

type Sdk = typeof import("@aws-sdk/client-s3");
type LibStorage = typeof import("@aws-sdk/lib-storage");

const missing = (sdk: Sdk, err: unknown) =>
  err instanceof sdk.NoSuchKey || (err instanceof sdk.S3ServiceException && (err.name === "NotFound" || err.$metadata.httpStatusCode === 404));

/** `spoolDir`: a private local folder for files received and not yet sent (the upload folder). */
export function createS3Storage(settings: S3Settings, spoolDir: string): Storage {
  const Bucket = settings.bucket;
  const spool = createDiskStorage(spoolDir);
  const sending = turns(SENDING);
  let loaded: Promise<{ sdk: Sdk; lib: LibStorage; client: S3Client }> | undefined;
  /** The SDK and one client, made on first use. */
  const s3 = () => {
    loaded ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([sdk, lib]) => ({
      sdk,
      lib,
      client: new sdk.S3Client(clientConfig(settings)),
    }));
    return loaded;
  };
  const object = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };
  const remove = async (Key: string) => {
    const { sdk, client } = await s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
  };

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
    const { lib, client } = await s3();
    const up = new lib.Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_SIZE, queueSize: 1, leavePartsOnError: false });
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
    const { sdk, client } = await s3();
    for (let attempt = 1; ; attempt++) {
      const file = await spool.get(key);
      if (!file) throw new Error(`Spooled file missing: ${key}`);
      try {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: file.stream, ContentLength: file.size }));
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
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: object(key) }));
        return { stream: res.Body as Readable, size: Number(res.ContentLength) };
      } catch (err) {
        if (missing(sdk, err)) return undefined;
        throw err;
      }
    },
    async copy(fromKey, toKey) {
      const { sdk, client } = await s3();
      await client.send(new sdk.CopyObjectCommand({ Bucket, Key: object(toKey), CopySource: `${Bucket}/${object(fromKey)}` }));
    },
    async remove(key) {
      await remove(object(key));
    },
  };
}
