// The admin review page's two forms: update the status (with an optional note) and add an internal note.

import { type FormEvent, useCallback, useState } from "react";
import type { StatusMove } from "../../pages/admin/types.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import { deferred } from "../deferred.tsx";
import { Button } from "../ui/button.tsx";
import { SelectField, TextArea } from "../ui/field.tsx";
import { MessageSquarePlus, RefreshCw } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import { useHydrated } from "../ui/useHydrated.ts";
import { type PendingUndo, pendingUndo, type UndoAnswer } from "./pendingUndo.ts";
import { statusQuestion } from "./statusQuestion.ts";

// Rendered once a change is made: its script comes after the page is usable.
const UndoBanner = deferred(() => import("./UndoBanner.tsx").then((m) => ({ default: m.UndoBanner })));

const STATUS_NOTE_ID = "status-note";

export function StatusForm({
  applicationId,
  reference,
  applicantName,
  currentStatus,
  moves,
  noteMaxLength,
  familyOthers = 0,
}: {
  applicationId: string;
  reference: string;
  /** Who the change e-mails, named in the question before it. */
  applicantName: string;
  /** The status the page shows: sent with the choice, so the server applies it only from that one. */
  currentStatus: string;
  moves: StatusMove[];
  noteMaxLength: number;
  /** The family group's other cases with this status, which the change may take along. */
  familyOthers?: number;
}) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [status, setStatus] = useState(moves[0]?.value ?? "");
  const [note, setNote] = useState("");
  const [withFamily, setWithFamily] = useState(false);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [undo, setUndo] = useState<PendingUndo | null>(null);
  const endUndo = useCallback(() => setUndo(null), []);
  const { errors, fail, failField, clear } = useFieldErrors("Failed to update status");
  const noteRequired = moves.find((m) => m.value === status)?.noteRequired ?? false;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (noteRequired && !note.trim()) {
      failField("note", "A note to the applicant is required for this change");
      document.getElementById(STATUS_NOTE_ID)?.focus();
      return;
    }
    const move = moves.find((m) => m.value === status);
    if (move && !window.confirm(statusQuestion(move, reference, applicantName))) return;
    clear();
    setBusy(true);
    try {
      const answer = await api<UndoAnswer & { family: { moved: string[] } | null }>("PATCH", `/api/admin/applications/${applicationId}/status`, {
        status,
        shownStatus: currentStatus,
        note: note.trim() || null,
        family: withFamily,
      });
      clear();
      const moved = answer.family?.moved ?? [];
      toast({ title: "Status updated successfully", description: moved.length ? `Also moved: ${moved.join(", ")}` : undefined });
      setUndo(pendingUndo(answer));
      setNote("");
      await reload();
    } catch (err) {
      fail(err, "The status was not changed");
    } finally {
      setBusy(false);
    }
  };

  const banner = (
    <div role="status">
      {undo && <UndoBanner applicationId={applicationId} reference={reference} pending={undo} onEnd={endUndo} onUndone={() => reload()} />}
    </div>
  );

  if (moves.length === 0) {
    return (
      <section aria-labelledby="status-form-heading" className="grid gap-2">
        <h2 id="status-form-heading" className="text-lg font-semibold text-slate-900">
          Update status
        </h2>
        <p className="text-slate-700">This draft is with the applicant: its status changes when they submit it.</p>
        {banner}
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
          clear();
        }}
        options={moves}
        error={errors.status}
      />
      <TextArea
        id={STATUS_NOTE_ID}
        label={noteRequired ? "Note to the applicant" : "Note for the timeline (optional)"}
        name="status-note"
        rows={3}
        required={noteRequired}
        maxLength={noteMaxLength}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint="The applicant sees this note in their application timeline."
        error={errors.note}
      />
      {familyOthers > 0 ? (
        <label className="flex items-start gap-2 text-slate-800">
          <input type="checkbox" checked={withFamily} onChange={(e) => setWithFamily(e.target.checked)} className="mt-1 h-5 w-5 shrink-0" />
          <span>Also move the family group's {familyOthers === 1 ? "other case" : `${familyOthers} other cases`} in this status</span>
        </label>
      ) : null}
      <Button type="submit" disabled={!hydrated || busy}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {busy ? "Updating…" : "Update Status"}
      </Button>
      {banner}
    </form>
  );
}

export function NoteForm({ applicationId, maxLength }: { applicationId: string; maxLength: number }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail, failField, clear } = useFieldErrors("Failed to add note");

  // The server owns the rule (an empty or blank note is refused); its answer is shown next to the field.
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // SPEC §5: an empty or blank note is not added. The server refuses it too; checking here saves the round trip.
    if (!note.trim()) {
      failField("note", "Note cannot be empty");
      return;
    }
    setBusy(true);
    try {
      await api("POST", `/api/admin/applications/${applicationId}/notes`, { note });
      clear();
      toast({ title: "Note added successfully" });
      setNote("");
      await reload();
    } catch (err) {
      fail(err, "The note was not added");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3">
      <TextArea
        label="Add a note"
        name="note"
        rows={3}
        maxLength={maxLength}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div>
        <Button type="submit" disabled={!hydrated || busy}>
          <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
          {busy ? "Adding…" : "Add Note"}
        </Button>
      </div>
    </form>
  );
}
