// "Status changed to Approved." with an Undo button for the change's window (the list's inline select and the review
// page), shown inside a live region its user always renders (so the sentence is read out when it appears, and the
// part's script is not needed before a change is made); gone when the window ends.
import { useEffect, useState } from "react";
import { useApi } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import type { PendingUndo } from "./pendingUndo.ts";

export function UndoBanner({
  applicationId,
  reference,
  pending,
  onEnd,
  onUndone,
}: {
  applicationId: string;
  reference: string;
  pending: PendingUndo;
  /** The window ended (or the undo was answered): the banner goes. */
  onEnd: () => void;
  /** The change was undone; `label` is the status the case is back in. */
  onUndone: (status: string, label: string) => void | Promise<void>;
}) {
  const api = useApi();
  const { toast } = useToast();
  const { fail } = useFieldErrors("Failed to undo");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(onEnd, Math.max(0, pending.msLeft));
    return () => clearTimeout(timer);
  }, [pending, onEnd]);

  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { application } = await api<{ application: { status: string; statusLabel: string } }>(
        "POST",
        `/api/admin/applications/${applicationId}/status/undo`,
        { changeId: pending.changeId },
      );
      onEnd();
      toast({ title: "Status change undone", description: `${reference} is back to ${application.statusLabel}. No e-mail was sent.` });
      await onUndone(application.status, application.statusLabel);
    } catch (err) {
      onEnd();
      fail(err, "The change was not undone");
    } finally {
      setBusy(false);
    }
  };

  return (
    <p className="flex flex-wrap items-center gap-2 rounded-md border border-brand-600/40 bg-brand-50 px-3 py-2 text-sm text-slate-900">
      <span>Status changed to {pending.label}.</span>
      <Button variant="outline" className="min-h-9 px-3 py-1" onClick={() => void undo()} disabled={busy} aria-busy={busy || undefined}>
        Undo
      </Button>
    </p>
  );
}
