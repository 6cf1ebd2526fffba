// The shape every e-mail is written in: one structure, rendered both to HTML (React) and to plain text.

export type Block =
  | { type: "p"; text: string }
  /** A row with an address shows its value as a link (a video call's "Join"). */
  | { type: "facts"; rows: [label: string, value: string, href?: string][] }
  | { type: "quote"; label: string; text: string }
  /** A QR code of `url`, attached to the message as a PNG (no remote image); the text part gives `url` in words. */
  | { type: "qr"; url: string; alt: string };

export interface MailContent {
  subject: string;
  /** "Dear …" line; omitted for office notices. */
  greeting?: string;
  blocks: Block[];
  action?: { label: string; url: string };
  /** Shown under the button, e.g. how long a link stays valid. */
  footnote?: string;
}
