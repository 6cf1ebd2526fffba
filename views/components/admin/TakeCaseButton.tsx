// An officer takes an unassigned case (the list's Unassigned tab, the review page), then opens it.

import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useApi } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { Hand } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";

export function TakeCaseButton({
  applicationId,
  reference,
  me,
  className,
}: {
  applicationId: string;
  reference: string;
  me: string;
  className?: string;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const { fail } = useFieldErrors("Failed to take the case");

  const take = async () => {
    setBusy(true);
    try {
      await api("POST", `/api/admin/applications/${applicationId}/assignee`, { assigneeId: me, shownAssigneeId: null });
      toast({ title: "Case taken", description: `${reference} is now yours.` });
      navigate(`/admin/application/${applicationId}`);
    } catch (err) {
      fail(err, "The case was not taken");
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="secondary" onClick={take} disabled={busy} className={className}>
      <Hand aria-hidden="true" className="h-4 w-4" />
      Take<span className="sr-only"> {reference}</span>
    </Button>
  );
}
