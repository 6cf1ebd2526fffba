// /admin/outbox: e-mails, WhatsApp and SMS messages that failed after their last attempt, with the error and Retry.

import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { MessageStatus } from "../../components/admin/MessageList.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { RefreshCw } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useApi, useNavigation } from "../../shared.tsx";
import type { OutboxProps, PhoneMessageEntry } from "./types.ts";

/** Retry for a failed message: `what` names it for the button and the toast. */
function RetryButton({ url, what, to }: { url: string; what: string; to: string }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await api("POST", url);
      toast({ title: "Queued again", description: `"${what}" will be sent to ${to}.` });
      await reload();
    } catch (err) {
      toast({ title: "Retry failed", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void retry()} disabled={busy} aria-label={`Retry "${what}" to ${to}`}>
      <RefreshCw aria-hidden="true" className="h-4 w-4" />
      Retry
    </Button>
  );
}

const ITEM = "flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm";

function PhoneMessages({ messages, channels }: { messages: PhoneMessageEntry[]; channels: string[] }) {
  return (
    <section aria-labelledby="phone-heading" className="mt-8">
      <h2 id="phone-heading" className="mb-2 text-xl font-semibold text-slate-900">
        WhatsApp and SMS
      </h2>
      <p className="mb-4 text-slate-700">
        Messages the provider refused or reported failed; a failed WhatsApp message also went by SMS where the client chose it.{" "}
        {channels.length ? `On: ${channels.join(", ")}.` : "No WhatsApp or SMS settings: nothing is sent on these channels."}
      </p>
      {messages.length === 0 ? (
        <Card>No failed WhatsApp or SMS messages.</Card>
      ) : (
        <ul className="grid gap-3" aria-label="Failed WhatsApp and SMS messages">
          {messages.map((m) => (
            <li key={m.id} className={ITEM}>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900">
                  {m.channel}: {m.about}
                </p>
                <p className="mt-1 break-all text-slate-700">
                  To {m.to} · queued <DateTime value={m.createdAt} />
                </p>
                {m.error ? <p className="mt-1 break-words text-red-800">{m.error}</p> : null}
                {m.applicationId ? <Link to={`/admin/application/${m.applicationId}`}>Open the application</Link> : null}
              </div>
              <RetryButton url={`/api/admin/phone-messages/${m.id}/retry`} what={`${m.channel}: ${m.about}`} to={m.to} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Outbox({ messages, smtpConfigured, phoneMessages, phoneChannels }: OutboxProps) {
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Outbox</h1>
      <p className="mb-6 text-slate-700">
        E-mails that could not be delivered after every attempt.{" "}
        {smtpConfigured ? null : "No mail server is configured (SMTP_URL): messages are written to files and not sent."}
      </p>
      {messages.length === 0 ? (
        <Card>No failed e-mails.</Card>
      ) : (
        <ul className="grid gap-3" aria-label="Failed e-mails">
          {messages.map((m) => (
            <li key={m.id} className={ITEM}>
              <div className="min-w-0 flex-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <MessageStatus status={m.status} />
                  <span className="font-medium text-slate-900">{m.subject}</span>
                </div>
                <p className="mt-1 break-all text-slate-700">
                  To {m.to} · {m.attempts} attempts · queued <DateTime value={m.createdAt} />
                </p>
                {m.error ? <p className="mt-1 break-words text-red-800">{m.error}</p> : null}
                {m.applicationId ? <Link to={`/admin/application/${m.applicationId}`}>Open the application</Link> : null}
                {m.enquiryId ? <Link to={`/admin/enquiries/${m.enquiryId}`}>Open the enquiry</Link> : null}
              </div>
              <RetryButton url={`/api/admin/messages/${m.id}/retry`} what={m.subject} to={m.to} />
            </li>
          ))}
        </ul>
      )}
      <PhoneMessages messages={phoneMessages} channels={phoneChannels} />
    </AdminLayout>
  );
}
