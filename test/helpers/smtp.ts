// A real SMTP server on loopback (smtp-server) that parses what it receives (mailparser), for the mail tests.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail["headers"];
  /** Every http(s) link in the text part. */
  links: string[];
  /** Attached and alternative non-text parts (a calendar invite among them), decoded as text. */
  attachments: { filename?: string; contentType: string; content: string; bytes: Buffer; cid?: string }[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Waits until `count` messages matching `match` have arrived. */
  waitFor: (match: (m: Received) => boolean, count?: number, timeoutMs?: number) => Promise<Received[]>;
  stop: () => Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A stopped server turns away the site's open (pooled) connections after a moment, as a server going down would,
    // rather than waiting its default 30 s for them to go idle.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        const to = [parsed.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? "") ?? []);
        const text = parsed.text ?? "";
        received.push({
          to,
          subject: parsed.subject ?? "",
          text,
          html: typeof parsed.html === "string" ? parsed.html : "",
          messageId: parsed.messageId ?? "",
          headers: parsed.headers,
          links: text.match(/https?:\/\/\S+/g) ?? [],
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content.toString("utf8"),
            bytes: a.content,
            cid: a.cid,
          })),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    waitFor: async (match, count = 1, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > until) throw new Error(`expected ${count} message(s), got ${found.length}: ${received.map((m) => m.subject).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
