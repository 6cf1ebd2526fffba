// The Status cell of the admin table: choosing a status asks to confirm the change and its e-mail, then saves it; a
// refusal (or a failure) puts the old one back. For the change's window, Undo takes it back.
import { type ChangeEvent, useCallback, useId, useState } from "react";
import type { Option } from "../../pages/portal/types.ts";
import { useApi } from "../../shared.tsx";
import { deferred } from "../deferred.tsx";
import { describedBy, FieldError } from "../ui/field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import { useInputBeforeScript } from "../ui/useInputBeforeScript.ts";
import { type PendingUndo, pendingUndo, type UndoAnswer } from "./pendingUndo.ts";
import { statusQuestion } from "./statusQuestion.ts";

// Rendered once a change is made: its script comes after the page is usable.
const UndoBanner = deferred(() => import("./UndoBanner.tsx").then((m) => ({ default: m.UndoBanner })));

interface Props {
  id: string;
  reference: string;
  /** Who the change e-mails, named in the question before it. */
  applicantName: string;
  status: string;
  statuses: Option[];
}

export function InlineStatusSelect({ id, reference, applicantName, status, statuses }: Props) {
  const api = useApi();
  const { toast } = useToast();
  const [value, setValue] = useState(status);
  const [busy, setBusy] = useState(false);
  const [undo, setUndo] = useState<PendingUndo | null>(null);
  const endUndo = useCallback(() => setUndo(null), []);
  const { errors, fail, clear } = useFieldErrors("Failed to update status");
  const fid = useId();

  const onChange = async (e: ChangeEvent<HTMLSelectElement>) => {
    const next = e.target.value;
    const previous = value;
    const label = statuses.find((s) => s.value === next)?.label ?? next;
    if (!window.confirm(statusQuestion({ value: next, label }, reference, applicantName))) {
      // The select shows the choice until the state says otherwise: put the old status back on screen too.
      e.target.value = previous;
      setValue(previous);
      return;
    }
    setValue(next);
    setBusy(true);
    try {
      const answer = await api<UndoAnswer>("PATCH", `/api/admin/applications/${id}/status`, { status: next, shownStatus: previous });
      clear();
      setUndo(pendingUndo(answer));
      toast({ title: "Application status updated", description: `${reference} is now ${label}.` });
    } catch (err) {
      setValue(previous);
      fail(err, "The status was not changed");
    } finally {
      setBusy(false);
    }
  };

  // Chosen before the script ran: saved once hydrated, as if chosen now.
  const ref = useInputBeforeScript(value, (e: ChangeEvent<HTMLSelectElement>) => void onChange(e));

  return (
    <div className="grid gap-1">
      <select
        ref={ref}
        id={fid}
        aria-label={`Status of ${reference}`}
        aria-invalid={errors.status ? true : undefined}
        aria-describedby={describedBy(fid, undefined, errors.status)}
        aria-busy={busy || undefined}
        value={value}
        onChange={(e) => void onChange(e)}
        data-status={value}
        className="rounded-md border border-slate-400 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
      >
        {statuses.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <FieldError id={fid} error={errors.status} />
      <div role="status">
        {undo && <UndoBanner applicationId={id} reference={reference} pending={undo} onEnd={endUndo} onUndone={(back) => setValue(back)} />}
      </div>
    </div>
  );
}
