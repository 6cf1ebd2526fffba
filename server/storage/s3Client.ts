// A client of the bucket for the commands that work on it directly (doctor, storage:migrate) and the tests: they load
// the AWS SDK at once. The server's driver (s3.ts) loads it on first use instead.
import { S3Client } from "@aws-sdk/client-s3";
import { clientConfig, type S3Settings } from "./s3.ts";

export function s3Client(s: S3Settings): S3Client {
  return new S3Client(clientConfig(s));
}
