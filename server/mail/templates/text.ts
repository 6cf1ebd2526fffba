// The plain-text part of every e-mail, from the same content as the HTML.
import { addressLines } from "../../../views/components/layout/siteFacts.ts";
import type { SiteInfo } from "../../../views/types.ts";
import type { Block, MailContent } from "../content.ts";

function blockText(block: Block): string {
  switch (block.type) {
    case "p":
      return block.text;
    case "quote":
      return `${block.label}:\n${block.text}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "qr":
      // A picture has no words: the message says the address it leads to in a paragraph of its own.
      return "";
  }
}

/** The message's words without the signature: also the text of a WhatsApp message. */
export function bodyText(content: MailContent): string {
  const parts = [content.greeting, ...content.blocks.map(blockText)];
  if (content.action) parts.push(`${content.action.label}: ${content.action.url}`);
  if (content.footnote) parts.push(content.footnote);
  return parts.filter(Boolean).join("\n\n");
}

export function renderText(content: MailContent, site: SiteInfo): string {
  const [line1, line2] = addressLines(site);
  return `${bodyText(content)}\n\n--\n${site.name}\n${line1}, ${line2}\n${site.phone} · ${site.emailInfo}\n`;
}
