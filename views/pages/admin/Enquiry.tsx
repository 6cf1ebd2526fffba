// /admin/enquiries/:id: the enquiry (and a link to its lead), replies by e-mail (recorded), "Reply on WhatsApp", the status and the e-mails sent.

import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { MessageList } from "../../components/admin/MessageList.tsx";
import { WhatsAppLink } from "../../components/admin/WhatsAppLink.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { SelectField, TextArea } from "../../components/ui/field.tsx";
import { Send } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useHydrated } from "../../components/ui/useHydrated.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import { ENQUIRY_STATUS_LABELS } from "./Enquiries.tsx";
import type { EnquiryProps } from "./types.ts";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

export default function Enquiry({ enquiry: e, leadId, replies, messages, whatsapp, statuses }: EnquiryProps) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [reply, setReply] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const send = async (ev: FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    try {
      await api("POST", `/api/admin/enquiries/${e.id}/replies`, { body: reply });
      toast({ title: "Reply sent", description: `E-mailed to ${e.email}.` });
      setReply("");
      await reload();
    } catch (err) {
      toast({ title: "Reply not sent", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const setStatus = async (status: string) => {
    try {
      await api("PATCH", `/api/admin/enquiries/${e.id}/status`, { status, shownStatus: e.status });
      toast({ title: "Status updated" });
      await reload();
    } catch (err) {
      toast({ title: "Status not updated", description: errorText(err), variant: "destructive" });
    }
  };

  return (
    <AdminLayout>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900">Enquiry from {e.name}</h1>
      {leadId ? (
        <p className="mb-4 text-sm">
          <Link to={`/admin/leads/${leadId}`}>Open the lead: stage, owner, follow-up and the whole history</Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-700">E-mail</dt>
                <dd className="break-all font-medium text-slate-900">
                  <a href={`mailto:${e.email}`}>{e.email}</a>
                </dd>
              </div>
              <div>
                <dt className="text-slate-700">Phone</dt>
                <dd className="font-medium text-slate-900">{e.phone}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Received</dt>
                <dd className="font-medium text-slate-900">
                  <DateTime value={e.createdAt} />
                </dd>
              </div>
              {e.package ? (
                <div>
                  <dt className="text-slate-700">Package</dt>
                  <dd className="font-medium text-slate-900">{e.package}</dd>
                </div>
              ) : null}
            </dl>
            <h2 className="mt-4 text-sm font-semibold text-slate-900">Message</h2>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{e.message}</p>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Replies</h2>
            {replies.length === 0 ? <p className="mb-4 text-sm text-slate-700">No reply yet.</p> : null}
            <ul className="mb-4 grid gap-3">
              {replies.map((r) => (
                <li key={r.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="text-slate-700">
                    {r.author ?? "Staff"} · <DateTime value={r.createdAt} />
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{r.body}</p>
                </li>
              ))}
            </ul>
            <form onSubmit={(ev) => void send(ev)} className="grid gap-3" aria-label="Reply by e-mail">
              <TextArea
                label={`Reply to ${e.email}`}
                name="reply"
                rows={5}
                maxLength={5000}
                required
                value={reply}
                onChange={(ev) => setReply(ev.target.value)}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={!hydrated || busy || !reply.trim()}>
                  <Send aria-hidden="true" className="h-4 w-4" />
                  {busy ? "Sending…" : "Send reply"}
                </Button>
                <WhatsAppLink href={whatsapp} label="Reply on WhatsApp" />
              </div>
            </form>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <SelectField
              label="Status"
              name="enquiry-status"
              value={e.status}
              onChange={(ev) => void setStatus(ev.target.value)}
              options={statuses.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] ?? s }))}
            />
          </Card>
          <Card>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">E-mails</h2>
            <MessageList messages={messages} />
          </Card>
        </div>
      </div>
    </AdminLayout>
  );
}
