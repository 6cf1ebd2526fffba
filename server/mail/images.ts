// The pictures a message carries inside itself: today a receipt's QR code, as a PNG attached with a Content-ID that the
// HTML part shows (`cid:`). Mail clients block remote images and many do not draw SVG; an attached PNG shows in both.
import { createHash } from "node:crypto";
import QRCode from "qrcode";
import type { MailContent } from "./content.ts";

export interface InlineImage {
  cid: string;
  filename: string;
  contentType: "image/png";
  content: Buffer;
}

/** The Content-ID of the QR code of `url`: the same address gives the same id in the HTML and the attachment. */
export function qrCid(url: string): string {
  return `qr-${createHash("sha256").update(url).digest("hex").slice(0, 16)}@mail`;
}

/** The PNGs the content's QR blocks show, each once. */
export async function inlineImages(content: MailContent): Promise<InlineImage[]> {
  const urls = [...new Set(content.blocks.flatMap((b) => (b.type === "qr" ? [b.url] : [])))];
  return Promise.all(
    urls.map(async (url) => ({
      cid: qrCid(url),
      filename: "receipt-qr.png",
      contentType: "image/png" as const,
      // 4 px modules and a quiet zone: a phone camera reads it off a screen or a printout.
      content: await QRCode.toBuffer(url, { type: "png", margin: 2, scale: 4, errorCorrectionLevel: "M" }),
    })),
  );
}
