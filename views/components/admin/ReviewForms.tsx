// The admin review page's two forms: update the status (with an optional note) and add an internal note.
import { MessageSquarePlus, RefreshCw } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { StatusMove } from "../../pages/admin/types.ts";
import { isApiFailure, useApi, useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { SelectField, TextArea } from "../ui/field.tsx";
import { useToast } from "../ui/toast.tsx";

const NOTE_FIELD_ID = "admin-note";
const STATUS_NOTE_ID = "status-note";
const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

export function StatusForm({ applicationId, moves, noteMaxLength }: { applicationId: string; moves: StatusMove[]; noteMaxLength: number }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [status, setStatus] = useState(moves[0]?.value ?? "");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const noteRequired = moves.find((m) => m.value === status)?.noteRequired ?? false;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (noteRequired && !note.trim()) {
      setError("A note to the applicant is required for this change");
      document.getElementById(STATUS_NOTE_ID)?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api("PATCH", `/api/admin/applications/${applicationId}/status`, { status, note: note.trim() || null });
      toast({ title: "Status updated successfully" });
      setNote("");
      await reload();
    } catch (err) {
      setError(isApiFailure(err) ? err.fields.note : undefined);
      toast({ title: "Failed to update status", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  if (moves.length === 0) {
    return (
      <section aria-labelledby="status-form-heading" className="grid gap-2">
        <h2 id="status-form-heading" className="text-lg font-semibold text-slate-900">
          Update status
        </h2>
        <p className="text-slate-700">This draft is with the applicant: its status changes when they submit it.</p>
      </section>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="status-form-heading" className="grid gap-4">
      <h2 id="status-form-heading" className="text-lg font-semibold text-slate-900">
        Update status
      </h2>
      <SelectField
        label="New status"
        name="status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setError(undefined);
        }}
        options={moves}
      />
      <TextArea
        id={STATUS_NOTE_ID}
        label={noteRequired ? "Note to the applicant" : "Note for the timeline (optional)"}
        name="status-note"
        rows={3}
        required={noteRequired}
        maxLength={noteMaxLength}
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(undefined);
        }}
        hint="The applicant sees this note in their application timeline."
      />
      <Button type="submit" disabled={busy}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {busy ? "Updating…" : "Update Status"}
      </Button>
    </form>
  );
}

export function NoteForm({ applicationId, maxLength }: { applicationId: string; maxLength: number }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) {
      setError("Note cannot be empty");
      document.getElementById(NOTE_FIELD_ID)?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api("POST", `/api/admin/applications/${applicationId}/notes`, { note });
      toast({ title: "Note added successfully" });
      setNote("");
      await reload();
    } catch (err) {
      setError(isApiFailure(err) ? err.fields.note : undefined);
      toast({ title: "Failed to add note", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3">
      <TextArea
        id={NOTE_FIELD_ID}
        label="Add a note"
        name="note"
        rows={3}
        maxLength={maxLength}
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(undefined);
        }}
      />
      <div>
        <Button type="submit" disabled={busy}>
          <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
          {busy ? "Adding…" : "Add Note"}
        </Button>
      </div>
    </form>
  );
}
