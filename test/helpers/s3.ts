// A real S3-compatible server (s3rver) on loopback with one bucket, and the settings that point the app at it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../../server/storage/s3.ts";
import { s3Client } from "../../server/storage/s3Client.ts";

export interface TestBucket {
  settings: S3Settings;
  /** The environment that selects this bucket (STORAGE=s3 and the S3_* settings). */
  env: Record<string, string>;
  /** Every object key in the bucket, temporary ones included, sorted. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function startTestBucket(): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), "vs-s3-"));
  const bucket = "documents";
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
  const client = s3Client(settings);
  return {
    settings,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: settings.endpoint as string,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    keys: async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key as string));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
