// The doctor's checks of the services the site reaches over the network: the SMTP server takes mail from the site's
// sender (nothing is sent), and the bucket is reachable, takes an object and refuses to show it to anyone.
import { randomBytes } from "node:crypto";
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import type { Config } from "../config.ts";
import { s3Client } from "../storage/s3Client.ts";
import { clockFinding, type Finding, fail, ok, reason, warn } from "./doctorFindings.ts";

/** The sender address of MAIL_FROM (`Name <address>` or an address) or of the site. */
function senderAddress(from: Config["mail"]["from"]): string {
  if (typeof from !== "string") return from.address;
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

/** What nodemailer's SMTPConnection offers and its typings leave out: one raw command and its answer. */
interface RawCommands {
  _sendCommand(command: string): void;
  _responseActions: ((answer: string) => void)[];
}

function command(connection: SMTPConnection, line: string): Promise<string> {
  const raw = connection as unknown as RawCommands;
  return new Promise((resolve) => {
    raw._responseActions.push(resolve);
    raw._sendCommand(line);
  });
}

export async function checkSmtp(config: Config): Promise<Finding[]> {
  const smtpUrl = config.mail.smtpUrl;
  if (!smtpUrl) {
    return [
      config.isProd
        ? warn(
            `SMTP_URL is not set: messages are written to ${config.mail.dir} and nobody receives them; set SMTP_URL=smtp://user:password@host:587.`,
          )
        : ok(`No SMTP_URL: messages are written to ${config.mail.dir} (development)`),
    ];
  }
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const connection = new SMTPConnection({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  const sender = senderAddress(config.mail.from);
  const where = `${url.hostname}:${connection.options.port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once("error", reject);
      connection.connect(() => resolve());
    });
    if (url.username) {
      await new Promise<void>((resolve, reject) =>
        connection.login({ user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    }
    // The envelope's first step and a reset: the server says whether it takes mail from this sender, and nothing is sent.
    const answer = await command(connection, `MAIL FROM:<${sender}>`);
    await command(connection, "RSET");
    if (!answer.startsWith("2")) {
      return [fail(`The SMTP server at ${where} refuses the sender ${sender} (${answer.trim()}): set MAIL_FROM to an address it may send from.`)];
    }
    return [ok(`The SMTP server at ${where} accepts mail from ${sender}`)];
  } catch (err) {
    return [fail(`The SMTP server at ${where} cannot be used (${reason(err)}): check SMTP_URL's host, port and credentials.`)];
  } finally {
    connection.quit();
    connection.close();
  }
}

/** The object's address as a browser would ask for it, with no credentials. */
function publicUrlOf(s3: Config["storage"]["s3"], key: string): string {
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com/${key}`;
  const endpoint = new URL(s3.endpoint);
  return s3.forcePathStyle ? `${endpoint.origin}/${s3.bucket}/${key}` : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}/${key}`;
}

export async function checkBucket(config: Config): Promise<Finding[]> {
  if (config.storage.driver !== "s3") return [];
  const s3 = config.storage.s3;
  const client = s3Client(s3);
  const key = `.doctor/anonymous-read-test-${randomBytes(8).toString("hex")}`;
  const findings: Finding[] = [];
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    findings.push(ok(`The bucket ${s3.bucket} is reachable`));
  } catch (err) {
    client.destroy();
    return [fail(`The bucket ${s3.bucket} cannot be reached (${reason(err)}): check S3_ENDPOINT, S3_BUCKET and the access key.`)];
  }
  try {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: "doctor" }));
    const anonymous = await fetch(publicUrlOf(s3, key));
    await anonymous.body?.cancel();
    findings.push(
      anonymous.ok
        ? fail(
            `The bucket ${s3.bucket} lets anyone read its objects (an anonymous GET answered ${anonymous.status}): passports would be public; block public access and remove any public-read policy or ACL.`,
          )
        : ok(`The bucket ${s3.bucket} refuses anonymous reads (${anonymous.status})`),
    );
    const date = anonymous.headers.get("date");
    if (date) findings.push(clockFinding("the object store", new Date(date)));
  } catch (err) {
    findings.push(
      fail(`The bucket ${s3.bucket} does not take a test object (${reason(err)}): the access key needs PutObject, GetObject and DeleteObject on it.`),
    );
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key })).catch(() => {});
    client.destroy();
  }
  return findings;
}
