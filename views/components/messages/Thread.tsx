// An application's conversation between the applicant and staff: the messages, oldest first and the newest last,
// each with its author's first name and time, and the box to write the next one (posted as JSON, then the page reloads).

import type { ReactNode } from "react";
import { useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { DateTime } from "../ui/DateTime.tsx";
import { TextArea } from "../ui/field.tsx";
import { Send } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useJsonForm } from "../ui/useJsonForm.ts";
import type { WhatsAppFileView } from "./whatsappFileTypes.ts";

export interface ThreadMessage {
  id: string;
  /** The author's first name. */
  authorName: string;
  fromStaff: boolean;
  /** Beside the name, written by the server: "(staff)", or "via WhatsApp" for a message the applicant sent there. */
  tag: string | null;
  /** Written by the side looking at the page. */
  mine: boolean;
  body: string;
  createdAt: string;
  /** Not read by this side before this page was opened. */
  isNew: boolean;
  /** For staff: the photo or document the applicant sent with it on WhatsApp. */
  file?: WhatsAppFileView | null;
}

export interface ThreadProps {
  messages: ThreadMessage[];
  /** Where the box posts `{ body }`. */
  postUrl: string;
  maxLength: number;
  /** Under the heading: who reads these messages and how they hear of a new one. */
  intro: string;
  /** The box's label. */
  label: string;
}

/** `renderFile`: how the staff's page shows a message's WhatsApp file (a part of its own, loaded by that page only). */
export function Thread({ thread, renderFile }: { thread: ThreadProps; renderFile?: (file: WhatsAppFileView) => ReactNode }) {
  const { messages, postUrl, maxLength, intro, label } = thread;
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm<unknown>(postUrl, "Message not sent", async (_res, el) => {
    el.reset();
    toast({ title: "Message sent" });
    await reload();
  });
  return (
    <section id="messages" aria-labelledby="messages-thread-heading" className="scroll-mt-24">
      <h2 id="messages-thread-heading" className="mb-1 text-lg font-semibold text-slate-900">
        Messages
      </h2>
      <p className="mb-4 text-sm text-slate-700">{intro}</p>
      {messages.length === 0 ? (
        <p className="mb-4 text-slate-700">No messages yet.</p>
      ) : (
        <ol className="mb-5 grid gap-3" aria-label="Messages, oldest first">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg border p-3 ${m.mine ? "border-slate-200 bg-slate-50 sm:ml-8" : "border-brand-600/40 bg-brand-50 sm:mr-8"}`}
            >
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{m.authorName}</span>
                {m.tag ? <span>{m.tag}</span> : null}
                <span aria-hidden="true">·</span>
                <DateTime value={m.createdAt} />
                {m.isNew ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">New</span> : null}
              </p>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-900">{m.body}</p>
              {m.file && renderFile ? renderFile(m.file) : null}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={form.onSubmit} noValidate className="grid gap-3">
        <TextArea label={label} name="body" rows={4} maxLength={maxLength} error={form.errors.body} />
        <div>
          <Button type="submit" disabled={form.disabled}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {form.busy ? "Sending…" : "Send message"}
          </Button>
        </div>
      </form>
    </section>
  );
}
