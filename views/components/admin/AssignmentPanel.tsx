// Whose case this is on the review page: Take (an officer, an unassigned case), Assign to (a manager), and who had it.

import { type FormEvent, useState } from "react";
import type { AssignmentProps } from "../../pages/admin/types.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { DateTime } from "../ui/DateTime.tsx";
import { SelectField } from "../ui/field.tsx";
import { UserCheck } from "../ui/icons.ts";
import { Card } from "../ui/misc.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";
import { useHydrated } from "../ui/useHydrated.ts";
import { TakeCaseButton } from "./TakeCaseButton.tsx";

export function AssignmentPanel({
  applicationId,
  reference,
  assignment: a,
}: {
  applicationId: string;
  reference: string;
  assignment: AssignmentProps;
}) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [choice, setChoice] = useState(a.assigneeId ?? "");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail, clear } = useFieldErrors("Failed to assign the case");

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api("POST", `/api/admin/applications/${applicationId}/assignee`, { assigneeId: choice || null, shownAssigneeId: a.assigneeId });
      clear();
      toast({ title: "Assignment saved", description: choice ? undefined : `${reference} is now unassigned.` });
      await reload();
    } catch (err) {
      fail(err, "The case was not reassigned");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Assigned to
      </h2>
      <p className="mt-2 text-slate-900">{a.assigneeId === a.me ? "You" : (a.assigneeName ?? "Nobody yet")}</p>
      {a.mayTake ? <TakeCaseButton applicationId={applicationId} reference={reference} me={a.me} className="mt-3" /> : null}
      {a.staff.length ? (
        <form onSubmit={onSubmit} className="mt-4 grid gap-3" aria-label="Assign the case">
          <SelectField
            label="Assign to"
            name="assigneeId"
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            options={[{ value: "", label: "Nobody (unassigned)" }, ...a.staff]}
            error={errors.assigneeId}
          />
          <Button type="submit" variant="secondary" disabled={!hydrated || busy || choice === (a.assigneeId ?? "")}>
            {busy ? "Saving…" : "Save assignment"}
          </Button>
        </form>
      ) : null}
      {a.history.length ? (
        <ul className="mt-4 grid gap-1 text-sm text-slate-700" aria-label="Assignment history">
          {a.history.map((h) => (
            <li key={h.id}>
              {h.text} · <DateTime value={h.at} />
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
