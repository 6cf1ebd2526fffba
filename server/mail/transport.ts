// Where messages go: the SMTP server of SMTP_URL, or, without one, a .eml file under the mail folder.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { InlineImage } from "./images.ts";

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** A calendar invite (text/calendar with its METHOD), as an alternative part and an `invite.ics` attachment. */
  invite?: { method: "REQUEST" | "CANCEL"; content: string };
  /** Pictures the HTML part shows by Content-ID (a receipt's QR code). */
  images?: InlineImage[];
}

export interface MailTransport {
  /** Delivered to a mail server, or written to `file` when none is configured. */
  send: (mail: OutgoingMail) => Promise<{ file?: string }>;
  close: () => void;
}

/** What a message written as a file says to staff: it is in the mail folder (MAIL_DIR), not lost. */
export const NOT_CONFIGURED = "Written to the mail folder (no mail server configured)";
/** The same, as messages written before it was worded so recorded it. */
export const NOT_CONFIGURED_BEFORE = "not sent: no mail server configured";

export function createTransport(opts: {
  smtpUrl?: string;
  from: Mail.Options["from"];
  dir: string;
  domain: string;
  connections: number;
}): MailTransport {
  const options = (mail: OutgoingMail): Mail.Options => ({
    from: opts.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    replyTo: mail.replyTo,
    ...(mail.images?.length
      ? { attachments: mail.images.map((i) => ({ cid: i.cid, filename: i.filename, contentType: i.contentType, content: i.content })) }
      : {}),
    ...(mail.invite ? { icalEvent: { filename: "invite.ics", method: mail.invite.method, content: mail.invite.content } } : {}),
    // Threads replies and lets an operator match a received message to its record.
    messageId: `<${mail.id}@${opts.domain}>`,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  if (opts.smtpUrl) {
    // Pooled connections (unless the URL says otherwise): one SMTP handshake serves many messages.
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has("pool")) {
      url.searchParams.set("pool", "true");
      url.searchParams.set("maxConnections", String(opts.connections));
    }
    const smtp = nodemailer.createTransport(url.toString());
    return {
      send: async (mail) => {
        await smtp.sendMail(options(mail));
        return {};
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await stream.sendMail(options(mail));
      await mkdir(opts.dir, { recursive: true });
      const file = path.join(opts.dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { file };
    },
    close: () => stream.close(),
  };
}
