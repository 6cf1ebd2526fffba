// /admin/whatsapp: WhatsApp messages no case could take (a number matching no one, or several people, a client with no
// open application, a voice note); a photo or a document shows with the file fetched from WhatsApp: kept here for staff, newest first, never dropped.

import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import WhatsAppFile from "../../components/admin/WhatsAppFile.tsx";
import type { WhatsAppFileView } from "../../components/messages/whatsappFileTypes.ts";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface WhatsAppInboxProps {
  /** Whether the WhatsApp settings are there (without them nothing arrives). */
  configured: boolean;
  messages: {
    id: string;
    from: string;
    name: string | null;
    /** The words, or what kind of message it was ("An image: open WhatsApp to see it"). */
    text: string;
    receivedAt: string;
    /** Why it is here, in a sentence. */
    why: string;
    /** A photo or a document it carried: fetched and checked, or refused and why. */
    file: WhatsAppFileView | null;
  }[];
}

export default function WhatsAppInbox({ configured, messages }: WhatsAppInboxProps) {
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">WhatsApp inbox</h1>
      <p className="mb-6 text-slate-700">
        Messages sent to our WhatsApp number that no case could take. Reply from WhatsApp, or ask the client to add the number on My account.{" "}
        {configured ? null : "WhatsApp is not configured (docs/operating/whatsapp.md): no messages arrive."}
      </p>
      {messages.length === 0 ? (
        <Card>No messages waiting.</Card>
      ) : (
        <ul className="grid gap-3" aria-label="WhatsApp messages, newest first">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <p className="flex flex-wrap gap-x-2 text-slate-700">
                <a href={`tel:${m.from}`} className="font-semibold text-brand-800 underline">
                  {m.from}
                </a>
                {m.name ? <span>{m.name}</span> : null}
                <span aria-hidden="true">·</span>
                <DateTime value={m.receivedAt} />
              </p>
              {m.text ? <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-900">{m.text}</p> : null}
              {m.file ? <WhatsAppFile file={m.file} /> : null}
              <p className="mt-1 text-slate-700">{m.why}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminLayout>
  );
}
