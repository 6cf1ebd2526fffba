// /admin/leads/:id: one lead — who, where they stand, owner and follow-up date (staff change them here) — and its whole
// history on one page: what happened, their enquiries with our replies, their consultations and the applications of
// their account.

import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DateTime } from "../../components/ui/DateTime.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useHydrated } from "../../components/ui/useHydrated.ts";
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS } from "../../lib/leads.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import type { LeadProps } from "./types.ts";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

export default function Lead({ lead: l, history, enquiries, applications, bookings, staff, stages, me }: LeadProps) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const hydrated = useHydrated();
  const [stage, setStage] = useState(l.stage);
  const [reason, setReason] = useState(l.closedReason ?? "");
  const [owner, setOwner] = useState(l.ownerId ?? "");
  const [followUp, setFollowUp] = useState(l.followUpOn ?? "");

  const save = async (ev: FormEvent, path: string, body: Record<string, unknown>, done: string) => {
    ev.preventDefault();
    try {
      await api("PATCH", `/api/admin/leads/${l.id}/${path}`, body);
      toast({ title: done });
      await reload();
    } catch (err) {
      toast({ title: "Not saved", description: errorText(err), variant: "destructive" });
    }
  };

  return (
    <AdminLayout>
      <p className="mb-2 text-sm">
        <Link to="/admin/leads" className="underline">
          ← All leads
        </Link>
      </p>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900">{l.name}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-700">E-mail</dt>
                <dd className="break-all font-medium text-slate-900">
                  <a href={`mailto:${l.email}`}>{l.email}</a>
                </dd>
              </div>
              <div>
                <dt className="text-slate-700">Phone</dt>
                <dd className="font-medium text-slate-900">{l.phone ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Stage</dt>
                <dd className="font-medium text-slate-900">
                  {LEAD_STAGE_LABELS[l.stage] ?? l.stage}
                  {l.closedReason ? `: ${l.closedReason}` : ""}
                </dd>
              </div>
              <div>
                <dt className="text-slate-700">Source</dt>
                <dd className="font-medium text-slate-900">{LEAD_SOURCE_LABELS[l.source] ?? l.source}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Owner</dt>
                <dd className="font-medium text-slate-900">{l.owner ?? "Nobody"}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Follow up on</dt>
                <dd className="font-medium text-slate-900">{l.followUpOn ?? "—"}</dd>
              </div>
            </dl>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">History</h2>
            <ol className="grid gap-2 text-sm" aria-label="History">
              {history.map((h) => (
                <li key={h.id} className="rounded-lg bg-slate-50 p-3">
                  <p className="text-slate-700">
                    <DateTime value={h.at} />
                    {h.by ? ` · ${h.by}` : ""}
                  </p>
                  <p className="break-words text-slate-900">
                    {h.href ? (
                      <Link to={h.href} className="underline">
                        {h.text}
                      </Link>
                    ) : (
                      h.text
                    )}
                  </p>
                </li>
              ))}
            </ol>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Enquiries</h2>
            {enquiries.length === 0 ? <p className="text-sm text-slate-700">No enquiry from this address.</p> : null}
            <ul className="grid gap-4">
              {enquiries.map((e) => (
                <li key={e.id} className="grid gap-2 text-sm">
                  <p className="text-slate-700">
                    <DateTime value={e.createdAt} />
                    {e.package ? ` · Package: ${e.package}` : ""} ·{" "}
                    <Link to={`/admin/enquiries/${e.id}`} className="underline">
                      Open and reply
                    </Link>
                  </p>
                  <p className="whitespace-pre-wrap break-words text-slate-900">{e.message}</p>
                  {e.replies.map((r) => (
                    <div key={r.id} className="ml-4 rounded-lg bg-slate-50 p-3">
                      <p className="text-slate-700">
                        Reply by {r.author ?? "Staff"} · <DateTime value={r.createdAt} />
                      </p>
                      <p className="whitespace-pre-wrap break-words text-slate-900">{r.body}</p>
                    </div>
                  ))}
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Consultations</h2>
            {bookings.length === 0 ? <p className="text-sm text-slate-700">No consultation booked.</p> : null}
            <ul className="grid gap-2 text-sm">
              {bookings.map((b) => (
                <li key={b.id}>
                  <time dateTime={b.startsAt} className="font-semibold text-slate-900">
                    {b.when}
                  </time>{" "}
                  · {b.type} with {b.staffName} · {b.statusLabel}
                  {b.note ? <p className="whitespace-pre-wrap break-words text-slate-800">Note: {b.note}</p> : null}
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Applications</h2>
            {applications.length === 0 ? <p className="text-sm text-slate-700">No application yet.</p> : null}
            <ul className="grid gap-2 text-sm">
              {applications.map((a) => (
                <li key={a.id}>
                  <Link to={`/admin/application/${a.id}`} className="font-semibold underline">
                    {a.reference}
                  </Link>{" "}
                  · {a.visaTypeLabel}
                  {a.destination ? ` to ${a.destination}` : ""} · {a.statusLabel} · fee {a.paymentStatus.replace("_", " ")}
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <form className="grid gap-3" aria-label="Move the lead" onSubmit={(ev) => void save(ev, "stage", { stage, reason }, "Lead moved")}>
              <SelectField label="Stage" name="stage" value={stage} onChange={(ev) => setStage(ev.target.value)} options={stages} />
              <TextField
                label="Reason (needed to close)"
                name="reason"
                maxLength={500}
                required={stage === "closed"}
                value={reason}
                onChange={(ev) => setReason(ev.target.value)}
              />
              <Button type="submit" disabled={!hydrated}>
                Move
              </Button>
            </form>
          </Card>
          <Card>
            <form className="grid gap-3" aria-label="Owner" onSubmit={(ev) => void save(ev, "owner", { ownerId: owner || null }, "Owner saved")}>
              <SelectField
                label="Owner"
                name="owner"
                value={owner}
                onChange={(ev) => setOwner(ev.target.value)}
                placeholder="Nobody"
                options={staff.map((s) => ({ value: s.id, label: s.name }))}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={!hydrated}>
                  Assign
                </Button>
                {l.ownerId !== me ? (
                  <Button type="button" variant="secondary" onClick={(ev) => void save(ev, "owner", { ownerId: me }, "You own this lead")}>
                    Take it
                  </Button>
                ) : null}
              </div>
            </form>
          </Card>
          <Card>
            <form
              className="grid gap-3"
              aria-label="Follow-up"
              onSubmit={(ev) => void save(ev, "follow-up", { followUpOn: followUp || null }, "Follow-up date saved")}
            >
              <TextField label="Follow up on" name="followUpOn" type="date" value={followUp} onChange={(ev) => setFollowUp(ev.target.value)} />
              <Button type="submit" disabled={!hydrated}>
                Save date
              </Button>
            </form>
          </Card>
        </div>
      </div>
    </AdminLayout>
  );
}
