// Staff ask the applicant for documents (catalogue items or one written here, a note and a due date) and see what
// was asked, what is still open, and what is overdue; the last request e-mail is ready to send on WhatsApp.

import { type FormEvent, useState } from "react";
import { formatDate } from "../../lib/format.ts";
import type { DocumentRequestsProps, RequestSuggestion } from "../../pages/admin/requestTypes.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextArea, TextField } from "../ui/field.tsx";
import { FilePlus2 } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import { useHydrated } from "../ui/useHydrated.ts";
import { OverdueBadge } from "./ReviewColumn.tsx";
import { WhatsAppLink } from "./WhatsAppLink.tsx";

/** A suggestion's identity: its catalogue item's key (several `other` items share a type), else its type. */
const suggestionKey = (s: RequestSuggestion) => s.requirementKey ?? s.documentType;

function RequestForm({ applicationId, suggestions, defaultDueOn, minDueOn, noteMaxLength, labelMaxLength }: DocumentRequestsProps) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [other, setOther] = useState("");
  const [note, setNote] = useState("");
  const [dueOn, setDueOn] = useState(defaultDueOn);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail, failField, clear } = useFieldErrors("Error");

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const items = suggestions.filter((s) => chosen.includes(suggestionKey(s)));
    if (other.trim()) items.push({ label: other.trim(), documentType: "other", requirementKey: null });
    if (items.length === 0) {
      failField("items", "Choose at least one document");
      return;
    }
    setBusy(true);
    try {
      await api("POST", `/api/admin/applications/${applicationId}/document-requests`, { items, note: note.trim() || null, dueOn });
      clear();
      toast({ title: "Documents requested" });
      setChosen([]);
      setOther("");
      setNote("");
      await reload();
    } catch (err) {
      fail(err, "The documents were not requested");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3">
      <fieldset aria-describedby={errors.items ? "request-items-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Documents to ask for</legend>
        <div className="grid gap-1">
          {suggestions.map((s) => (
            <label key={suggestionKey(s)} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={chosen.includes(suggestionKey(s))}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, suggestionKey(s)] : c.filter((k) => k !== suggestionKey(s))))}
              />
              {s.label}
            </label>
          ))}
        </div>
        {errors.items ? (
          <p id="request-items-error" className="mt-1 text-sm text-red-700">
            {errors.items}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Another document (optional)"
        name="other"
        maxLength={labelMaxLength}
        value={other}
        onChange={(e) => setOther(e.target.value)}
        hint="For example: Bank statement, last 3 months"
        error={errors["items.0.label"]}
      />
      <TextArea
        label="Note with the request (optional)"
        name="request-note"
        rows={2}
        maxLength={noteMaxLength}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
      <TextField
        label="Due date"
        name="dueOn"
        type="date"
        required
        min={minDueOn}
        value={dueOn}
        onChange={(e) => setDueOn(e.target.value)}
        error={errors.dueOn}
      />
      <div>
        <Button type="submit" disabled={!hydrated || busy}>
          <FilePlus2 aria-hidden="true" className="h-4 w-4" />
          {busy ? "Requesting…" : "Request documents"}
        </Button>
      </div>
    </form>
  );
}

export function DocumentRequests(props: DocumentRequestsProps) {
  const { requests, overdue, canRequest, whatsapp } = props;
  return (
    <section aria-labelledby="requests-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
          Document requests
        </h2>
        {overdue ? <OverdueBadge /> : null}
      </div>
      {requests.length === 0 ? (
        <p className="text-slate-700">No documents requested yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Requests, oldest first">
          {requests.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{r.label}</span>
                <span className="flex items-center gap-2">
                  {r.overdue ? <OverdueBadge /> : null}
                  <span className={r.status === "open" ? "text-amber-900" : "text-emerald-800"}>{r.status === "open" ? "Open" : "Received"}</span>
                </span>
              </div>
              <p className="text-slate-700">Due {formatDate(r.dueOn)}</p>
              {r.sentBackReason ? <p className="text-red-800">Sent back: {r.sentBackReason}</p> : null}
              {r.note ? <p className="whitespace-pre-wrap wrap-anywhere text-slate-700">{r.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <WhatsAppLink href={whatsapp} label="Send the request on WhatsApp" />
      {canRequest ? <RequestForm {...props} /> : <p className="text-slate-700">This application is decided: reopen it to ask for documents.</p>}
    </section>
  );
}
