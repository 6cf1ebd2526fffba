// The storage driver the configuration names: the upload folder on disk (default) or an S3-compatible bucket.
import type { Config } from "../config.ts";
import { createDiskStorage } from "./disk.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export function createStorage(config: Config): Storage {
  return config.storage.driver === "s3" ? createS3Storage(config.storage.s3) : createDiskStorage(config.uploadDir);
}
