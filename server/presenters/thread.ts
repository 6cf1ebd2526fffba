// An application's conversation as the applicant's details page and the admin review page show it.
import type { ThreadMessage, ThreadProps } from "../../views/components/messages/Thread.tsx";
import type { Side, ThreadMessageRow } from "../models/thread.ts";
import { MESSAGE_MAX } from "../validation/messages.ts";

const firstName = (fullName: string | null, fromStaff: boolean) => fullName?.trim().split(/\s+/)[0] || (fromStaff ? "Staff" : "Applicant");

/** One message for `viewer`: whose it is, and whether this side had read it before this page was opened. */
export function threadMessage(row: ThreadMessageRow, viewer: Side): ThreadMessage {
  const fromStaff = row.author_role === "staff";
  return {
    id: row.id,
    authorName: firstName(row.author_name, fromStaff),
    fromStaff,
    mine: row.author_role === viewer,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    isNew: row.author_role !== viewer && row.read_at === null,
    tag: fromStaff ? "(staff)" : row.channel === "whatsapp" ? "via WhatsApp" : null,
  };
}

const WORDS: Record<Side, Pick<ThreadProps, "intro" | "label">> = {
  applicant: {
    intro: "Write to our team about this application. We answer here and e-mail you when we do.",
    label: "Your message",
  },
  staff: {
    intro: "The applicant reads these messages on their application and gets an e-mail (a link, not the words) for each one you send.",
    label: "Reply to the applicant",
  },
};

export function threadProps(rows: ThreadMessageRow[], viewer: Side, applicationId: string): ThreadProps {
  return {
    messages: rows.map((r) => threadMessage(r, viewer)),
    postUrl: viewer === "applicant" ? `/api/applications/${applicationId}/messages` : `/api/admin/applications/${applicationId}/messages`,
    maxLength: MESSAGE_MAX,
    ...WORDS[viewer],
  };
}
