// Admin WhatsApp inbox: messages that reached the consultancy's WhatsApp number and no case could take.
import type { Request, Response } from "express";
import type { WhatsAppInboxProps } from "../../../views/pages/admin/WhatsAppInbox.tsx";
import { ctx } from "../../context.ts";
import { type InboundRow, inboxMessages } from "../../models/channels.ts";
import { filesOfInbox, type ShownFile } from "../../models/whatsappFiles.ts";
import { whatsappFileView } from "../../presenters/whatsappFiles.ts";
import { renderPage } from "../../render/renderPage.ts";

function why(row: InboundRow): string {
  if (!row.user_id) return "The number matches no client, or several.";
  if (row.kind !== "text" && row.kind !== "image" && row.kind !== "document") {
    return "From a client: only text, photos and documents go into a case's conversation.";
  }
  return "From a client with no open application (or a message too long for the conversation).";
}

const KIND_TEXT: Record<string, string> = { image: "A photo", document: "A document", audio: "A voice note", video: "A video", sticker: "A sticker" };

function entry(row: InboundRow, file: ShownFile | undefined): WhatsAppInboxProps["messages"][number] {
  const kind = row.kind === "text" || file ? "" : `${KIND_TEXT[row.kind] ?? `A message (${row.kind})`}: open WhatsApp to see it.`;
  return {
    file: file ? whatsappFileView(file, { inbox: true }) : null,
    id: row.id,
    from: row.from_phone,
    name: row.profile_name,
    text: [kind, row.body ?? ""].filter(Boolean).join(" "),
    receivedAt: new Date(row.received_at).toISOString(),
    why: why(row),
  };
}

/** GET /admin/whatsapp */
export async function inboxPage(req: Request, res: Response): Promise<void> {
  const { db, config } = ctx(req);
  const rows = await inboxMessages(db);
  const files = await filesOfInbox(
    db,
    rows.map((r) => r.id),
  );
  const props: WhatsAppInboxProps = { configured: Boolean(config.channels.whatsapp), messages: rows.map((r) => entry(r, files.get(r.id))) };
  await renderPage(req, res, "admin/WhatsAppInbox", props, { title: "WhatsApp inbox" });
}
