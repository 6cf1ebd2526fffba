// An application's conversation on a page (the applicant's details, the admin review): its messages for this side,
// and those the page shows, written by the other side, marked read.
import type { Request, Response } from "express";
import type { Knex } from "knex";
import type { ThreadProps } from "../../views/components/messages/Thread.tsx";
import { markThreadRead } from "../actions/messages/markThreadRead.ts";
import { ctx } from "../context.ts";
import type { DocumentRequestRow } from "../models/documentRequests.ts";
import { listThread, type Side } from "../models/thread.ts";
import { filesOfMessages } from "../models/whatsappFiles.ts";
import { threadProps } from "../presenters/thread.ts";
import { whatsappFileView } from "../presenters/whatsappFiles.ts";
import { signedInActor } from "./actions.ts";

/** The caller has checked that `viewer` may see this application (its owner, or staff past the admin guard). */
export async function openThread(req: Request, res: Response, applicationId: string, viewer: Side): Promise<ThreadProps> {
  const rows = await listThread(ctx(req).db, applicationId);
  const unread = rows.filter((r) => r.author_role !== viewer && r.read_at === null).map((r) => r.id);
  await markThreadRead(ctx(req), signedInActor(req, res), { applicationId, reader: viewer, messageIds: unread });
  return threadProps(rows, viewer, applicationId);
}

/** For staff: each message's WhatsApp file (a photo, a document), with the case's requests it can be filed against. */
export async function withWhatsappFiles(
  db: Knex,
  thread: ThreadProps,
  applicationId: string,
  requests: DocumentRequestRow[],
  refused: { fileId: string; message: string } | null = null,
): Promise<ThreadProps> {
  const files = await filesOfMessages(
    db,
    thread.messages.filter((m) => !m.fromStaff).map((m) => m.id),
  );
  if (files.size === 0) return thread;
  const messages = thread.messages.map((m) => {
    const file = files.get(m.id);
    if (!file) return m;
    const view = whatsappFileView(file, { applicationId, requests });
    return { ...m, file: refused?.fileId === file.id ? { ...view, refused: refused.message } : view };
  });
  return { ...thread, messages };
}
