// The storage driver the configuration names: the upload folder on disk (default) or an S3-compatible bucket.
import path from "node:path";
import type { Config } from "../config.ts";
import { createDiskStorage } from "./disk.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export function createStorage(config: Config): Storage {
  // The S3 driver spools under the upload folder's ".tmp", which backups and storage:migrate leave out.
  if (config.storage.driver === "s3") return createS3Storage(config.storage.s3, path.join(config.uploadDir, ".tmp", "s3-spool"));
  return createDiskStorage(config.uploadDir);
}
