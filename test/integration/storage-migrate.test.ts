// npm run storage:migrate: every document of the upload folder lands in the bucket, verified, and a rerun resumes.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";
import { s3Client } from "../../server/storage/s3Client.ts";
import { siteCommand } from "../helpers/commands.ts";
import { startTestBucket, type TestBucket } from "../helpers/s3.ts";

let bucket: TestBucket;
const uploadDir = mkdtempSync(path.join(tmpdir(), "vs-migrate-"));
const user = randomUUID();
const files: Record<string, Buffer> = {
  [`${user}/passport_1700000000000.pdf`]: randomBytes(30_000),
  [`${user}/photo_1700000000001.jpg`]: randomBytes(12_000),
  [`${user}/documents/bank_statement_1700000000002.pdf`]: randomBytes(6 * 1024 * 1024),
};

beforeAll(async () => {
  bucket = await startTestBucket();
  for (const [key, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(uploadDir, key)), { recursive: true });
    writeFileSync(path.join(uploadDir, key), body);
  }
  mkdirSync(path.join(uploadDir, ".tmp"));
  writeFileSync(path.join(uploadDir, ".tmp", "0".repeat(32)), "an unfinished upload");
});
afterAll(async () => {
  await bucket.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** Runs the command as an operator would (asynchronously: the bucket's server lives in this process). */
function migrate(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      siteCommand("storage-migrate"),
      { cwd: ROOT_DIR, env: { ...process.env, ...bucket.env, UPLOAD_DIR: uploadDir, SESSION_SECRET: "x".repeat(40) }, timeout: 120_000 },
      (_err, _stdout, stderr) => resolve({ code: child.exitCode, out: stderr }),
    );
  });
}

async function objectBody(key: string): Promise<Buffer> {
  const client = s3Client(bucket.settings);
  const res = await client.send(new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
  const body = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
  client.destroy();
  return body;
}

describe("storage:migrate", () => {
  it("copies every document byte for byte, reports progress and resumes where it stopped", { timeout: 120_000 }, async () => {
    const first = await migrate();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("[3/3]");
    expect(first.out).toContain("Done: 3 copied");
    expect(await bucket.keys()).toEqual(Object.keys(files).sort());
    for (const [key, body] of Object.entries(files)) expect(Buffer.compare(await objectBody(key), body)).toBe(0);

    // A copy spoilt in the bucket (an interrupted earlier run, another writer) is copied again; the rest is skipped.
    const spoilt = `${user}/photo_1700000000001.jpg`;
    const client = s3Client(bucket.settings);
    await client.send(new PutObjectCommand({ Bucket: bucket.settings.bucket, Key: spoilt, Body: Buffer.from("half") }));
    client.destroy();
    const second = await migrate();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain("Done: 1 copied");
    expect(second.out).toContain("2 already there");
    expect(Buffer.compare(await objectBody(spoilt), files[spoilt])).toBe(0);
  });
});
